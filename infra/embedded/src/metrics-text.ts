/**
 * Reads Prometheus' text format the way a dashboard query would: the sum of every series
 * named `name` whose labels include `labels` (0 when there is none).
 */
export function sumOfMetric(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const body = match[2] ?? '';
    if (Object.entries(labels).every(([key, value]) => body.includes(`${key}="${value}"`))) sum += Number(match[3]);
  }
  return sum;
}

/** Sums a metric over several processes' `/metrics` (the instances of one service). */
export async function sumOfMetricAt(urls: string[], name: string, labels: Record<string, string> = {}): Promise<number> {
  const texts = await Promise.all(urls.map(async (url) => (await fetch(`${url}/metrics`)).text()));
  return texts.reduce((total, text) => total + sumOfMetric(text, name, labels), 0);
}

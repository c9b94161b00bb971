import { networkInterfaces } from 'node:os';
import { createLogger, mergedFigures, ServiceMetrics, startOperatorsPort, ZBaseServiceEnv, type OperatorsPort } from '../src';

const logger = createLogger('operators-port-test', 'silent');
const ports: OperatorsPort[] = [];
afterAll(() => ports.forEach((p) => p.close()));

const open = async (options: { host?: string; token?: string; figures?: ServiceMetrics[] } = {}) => {
  const port = await startOperatorsPort({
    host: options.host ?? '127.0.0.1',
    port: 0,
    token: options.token,
    figures: options.figures ?? [new ServiceMetrics('voice')],
    logger,
  });
  ports.push(port);
  return port;
};

/** An address of this machine other than loopback, where a neighbour would knock. */
const outsideAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

test("by default the operators' port listens on loopback only, on the port the gateway uses", () => {
  const config = ZBaseServiceEnv.parse({});
  expect(config.METRICS_HOST).toBe('127.0.0.1');
  expect(config.METRICS_PORT).toBe(9464);
  expect(ZBaseServiceEnv.parse({ METRICS_PORT: 'off' }).METRICS_PORT).toBe('off');
});

test('a loopback operators port cannot be reached from another address of the machine', async () => {
  const address = outsideAddress();
  const port = await open();
  const { port: number } = new URL(port.url);
  expect((await fetch(`${port.url}/metrics`)).status).toBe(200);
  // Without another interface (a bare sandbox) there is no neighbour to refuse.
  if (!address) return;
  await expect(fetch(`http://${address}:${number}/metrics`)).rejects.toThrow();
});

test('with a token set, only a scraper sending it reads the figures; nothing but /metrics is answered', async () => {
  const port = await open({ token: 'scrape-secret' });
  const refused = await fetch(`${port.url}/metrics`);
  expect(refused.status).toBe(401);
  expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await refused.json()).toEqual({ error: 'Metrics need the scrape token', code: 'UNAUTHENTICATED' });
  expect((await fetch(`${port.url}/metrics`, { headers: { authorization: 'Bearer not-it' } })).status).toBe(401);
  const read = await fetch(`${port.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } });
  expect(read.status).toBe(200);
  expect(await read.text()).toContain('innerecho_http_requests_total');
  expect((await fetch(`${port.url}/health`, { headers: { authorization: 'Bearer scrape-secret' } })).status).toBe(404);
});

test("one process's parts on one port: each metric family once, every part's series under it", async () => {
  const voice = new ServiceMetrics('voice');
  const library = new ServiceMetrics('library');
  voice.eventsPublished.inc({ subject: 'voice.voice.cloned.v1' });
  library.eventsPublished.inc({ subject: 'library.custom-affirmation.deleted.v1' }, 2);
  const text = await mergedFigures([voice, library]);
  expect(text.match(/^# TYPE innerecho_events_published_total counter$/gm)).toHaveLength(1);
  expect(text.match(/^# HELP innerecho_events_published_total /gm)).toHaveLength(1);
  expect(text).toContain('innerecho_events_published_total{subject="voice.voice.cloned.v1",service="voice"} 1');
  expect(text).toContain('innerecho_events_published_total{subject="library.custom-affirmation.deleted.v1",service="library"} 2');
  // A series always follows its family's TYPE line, as Prometheus reads the page.
  const lines = text.split('\n');
  const type = lines.indexOf('# TYPE innerecho_events_published_total counter');
  const series = lines.findIndex((l) => l.startsWith('innerecho_events_published_total{subject="library'));
  expect(series).toBeGreaterThan(type);
  expect(lines.slice(type + 1, series).every((l) => l.startsWith('innerecho_events_published_total'))).toBe(true);
});

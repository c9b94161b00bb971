/** Display formats shared by every area: durations, clocks, money, download names. */

/** 'Xm Ys' below an hour, 'Xh Ym' from an hour up. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds >= 3600) {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    return `${hours}h ${minutes}m`;
  }
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${seconds % 60}s`;
}

/** 'm:ss', as the admin music grid shows track lengths. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Amounts are stored in cents and shown as dollars with two decimals: 7999 -> '$79.99'. */
export function formatDollars(cents: number): string {
  // The sign goes in front: a refund adjustment of -250 reads '-$2.50', not '$-2.50'.
  const amount = `$${(Math.abs(cents) / 100).toFixed(2)}`;
  return cents < 0 ? `-${amount}` : amount;
}

/** The file name a saved affirmation downloads as: lowercased, spaces to hyphens, .mp3. */
export function audioFileName(title: string): string {
  return `${title.toLowerCase().replace(/\s+/g, '-')}.mp3`;
}

/** Space on the device, in megabytes with one decimal: 4_812_000 -> '4.6 MB'. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

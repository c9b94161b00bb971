/** The local calendar day (`2027-03-28`) and minutes past midnight of an instant in an IANA time zone. */
export function localParts(instant: Date, timeZone: string): { day: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(instant: Date, timeZone: string): number {
  const { day, minutes } = localParts(instant, timeZone);
  const [y, m, d] = day.split('-').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/**
 * The instant a local day's time of day happens in a zone, across daylight saving changes. A
 * time the clocks skip (02:30 on the night they spring forward) happens when the day reaches
 * it, an hour later; a time that happens twice (the night they fall back) counts the first.
 */
export function instantOf(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - offsetMs(new Date(wall), timeZone);
  const second = wall - offsetMs(new Date(first), timeZone);
  const isIt = (t: number) => {
    const local = localParts(new Date(t), timeZone);
    return local.day === day && local.minutes === hh * 60 + mm;
  };
  const matching = [first, second].filter(isIt);
  return new Date(matching.length ? Math.min(...matching) : Math.max(first, second));
}

/** The calendar day after `day`. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

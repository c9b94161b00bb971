/**
 * A calendar file (iCalendar, RFC 5545) with one event a day at the listener's chosen time.
 * The time is "floating" (no time zone): calendars show it at that local time wherever the
 * listener is, which is what a daily habit wants, and every calendar app accepts it.
 */
export function dailyReminderCalendar(options: { time: string; savedUrl: string; now?: Date }): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(options.time);
  if (!match) throw new Error('Choose a time such as 07:30');
  const now = options.now ?? new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const start = `${date}T${match[1]}${match[2]}00`;
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), Number(match[1]), Number(match[2]) + 15);
  const endText = `${end.getFullYear()}${pad(end.getMonth() + 1)}${pad(end.getDate())}T${pad(end.getHours())}${pad(end.getMinutes())}00`;
  const escape = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//InnerEcho//Daily affirmation//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:innerecho-daily-${start}@innerecho`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${start}`,
    `DTEND:${endText}`,
    'RRULE:FREQ=DAILY',
    `SUMMARY:${escape('Listen to your affirmation')}`,
    `DESCRIPTION:${escape(`A few minutes in your own voice: ${options.savedUrl}`)}`,
    `URL:${options.savedUrl}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escape('Time for your affirmation')}`,
    'TRIGGER:PT0M',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  // Lines end in CRLF and are folded at 75 octets, as the format requires.
  return lines.map(fold).join('\r\n') + '\r\n';
}

function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (rest.length > 75) {
    parts.push(rest.slice(0, 75));
    rest = rest.slice(75);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

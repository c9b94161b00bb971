import { dailyReminderCalendar } from '../src/listening-streak/daily-reminder-calendar';

test('the reminder is one daily event at the chosen local time, linking to the Saved tab, in valid iCalendar', () => {
  const ics = dailyReminderCalendar({
    time: '07:30',
    savedUrl: 'https://innerecho.example/affirmations?tab=saved',
    now: new Date(2026, 10, 23, 12),
  });
  const lines = ics.split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines).toContain('VERSION:2.0');
  expect(lines).toContain('DTSTART:20261123T073000');
  expect(lines).toContain('DTEND:20261123T074500');
  expect(lines).toContain('RRULE:FREQ=DAILY');
  expect(lines).toContain('URL:https://innerecho.example/affirmations?tab=saved');
  expect(lines.some((l) => l.startsWith('UID:'))).toBe(true);
  expect(lines.some((l) => l.startsWith('DTSTAMP:') && /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  // No line longer than 75 octets; longer ones continue on a line starting with a space.
  expect(lines.every((l) => l.length <= 75)).toBe(true);
  expect(ics.replace(/\r\n /g, '')).toContain(
    'DESCRIPTION:A few minutes in your own voice: https://innerecho.example/affirmations?tab=saved',
  );
});

test('a late reminder ends the next day; a time that is not HH:MM is refused', () => {
  expect(dailyReminderCalendar({ time: '23:50', savedUrl: 'https://x.example/', now: new Date(2026, 11, 31, 9) })).toContain(
    'DTEND:20270101T000500',
  );
  expect(() => dailyReminderCalendar({ time: '7:30pm', savedUrl: 'https://x.example/' })).toThrow('Choose a time such as 07:30');
});

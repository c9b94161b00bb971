import { streakFrom } from '../src/domain/listening-streak';

/** The streak counts calendar days back from today, across months, leap days and years. */
test('days in a row end today, or yesterday while today has no play yet, across month and year ends', () => {
  expect(streakFrom(['2024-03-01', '2024-02-29', '2024-02-28', '2024-02-26'], '2024-03-01')).toBe(3);
  expect(streakFrom(['2026-02-28', '2026-02-27'], '2026-03-01')).toBe(2);
  expect(streakFrom(['2026-12-31', '2026-12-30'], '2027-01-01')).toBe(2);
  expect(streakFrom(['2027-01-01', '2026-12-31'], '2027-01-01')).toBe(2);
  // A day missed breaks it; a listener with no plays has none.
  expect(streakFrom(['2026-11-27', '2026-11-26'], '2026-11-29')).toBe(0);
  expect(streakFrom([], '2026-11-29')).toBe(0);
});

import { instantOf, localParts } from '../src/domain/local-time';
import { nextDueAt } from '../src/domain/daily-reminders';

describe("a reminder's local time across daylight saving changes", () => {
  it('07:30 in Berlin is 06:30 UTC in winter and 05:30 UTC in summer', () => {
    expect(instantOf('2027-03-27', '07:30', 'Europe/Berlin').toISOString()).toBe('2027-03-27T06:30:00.000Z');
    expect(instantOf('2027-03-28', '07:30', 'Europe/Berlin').toISOString()).toBe('2027-03-28T05:30:00.000Z');
  });

  it('a time the clocks skip happens an hour later; a time that happens twice counts the first', () => {
    // New York springs forward at 02:00 on 14 March 2027: 02:30 does not exist, 03:30 EDT does.
    expect(instantOf('2027-03-14', '02:30', 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z');
    // It falls back at 02:00 on 7 November 2027: 01:30 happens at 05:30 UTC (EDT) and 06:30 UTC (EST).
    expect(instantOf('2027-11-07', '01:30', 'America/New_York').toISOString()).toBe('2027-11-07T05:30:00.000Z');
  });

  it('the next due time skips a local day already sent, and follows the zone across the date line', () => {
    const now = new Date('2027-11-07T05:30:00.000Z');
    expect(nextDueAt('01:30', 'America/New_York', now, '2027-11-07').toISOString()).toBe('2027-11-08T06:30:00.000Z');
    expect(nextDueAt('09:00', 'Pacific/Auckland', new Date('2027-01-01T19:59:00Z'), null).toISOString()).toBe('2027-01-01T20:00:00.000Z');
    expect(localParts(new Date('2027-01-01T20:00:00Z'), 'Pacific/Auckland')).toEqual({ day: '2027-01-02', minutes: 540 });
  });
});

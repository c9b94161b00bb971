import { formatTimeLeft, secondsUntilSleep, sleepVolume } from '../src/player/sleep-timer';

const at = { now: 1_000_000, deadline: null, currentTime: 0, duration: 300, playbackRate: 1 };

test('a timer of minutes counts down from when it was set; off has no end', () => {
  expect(secondsUntilSleep('off', at)).toBeNull();
  expect(secondsUntilSleep('5', { ...at, deadline: at.now + 5 * 60_000 })).toBe(300);
  expect(secondsUntilSleep('5', { ...at, deadline: at.now - 1000 })).toBe(0);
});

test('"end of track" counts what is left of the track at the playback speed', () => {
  expect(secondsUntilSleep('end', { ...at, currentTime: 280 })).toBe(20);
  expect(secondsUntilSleep('end', { ...at, currentTime: 280, playbackRate: 2 })).toBe(10);
  expect(secondsUntilSleep('end', { ...at, duration: NaN })).toBeNull();
});

test('the volume stays full until the last 10 seconds, then fades to silence', () => {
  expect(sleepVolume(null)).toBe(1);
  expect(sleepVolume(60)).toBe(1);
  expect(sleepVolume(10)).toBe(1);
  expect(sleepVolume(5)).toBe(0.5);
  expect(sleepVolume(1)).toBeCloseTo(0.1);
  expect(sleepVolume(0)).toBe(0);
});

test('time left reads as m:ss, or h:mm:ss past an hour', () => {
  expect(formatTimeLeft(299.2)).toBe('5:00');
  expect(formatTimeLeft(59)).toBe('0:59');
  expect(formatTimeLeft(3600)).toBe('1:00:00');
});

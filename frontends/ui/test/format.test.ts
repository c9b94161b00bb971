import { formatDollars, formatMegabytes } from '../src/format/format';

test('amounts in cents read as dollars with two decimals, the sign in front', () => {
  expect(formatDollars(7999)).toBe('$79.99');
  expect(formatDollars(0)).toBe('$0.00');
  expect(formatDollars(-250)).toBe('-$2.50');
});

test('space on the device reads in megabytes with one decimal', () => {
  expect(formatMegabytes(4_812_000)).toBe('4.6 MB');
  expect(formatMegabytes(0)).toBe('0.0 MB');
  expect(formatMegabytes(57.6 * 1024 * 1024)).toBe('57.6 MB');
});

import { formatDollars } from '../src/format/format';

test('amounts in cents read as dollars with two decimals, the sign in front', () => {
  expect(formatDollars(7999)).toBe('$79.99');
  expect(formatDollars(0)).toBe('$0.00');
  expect(formatDollars(-250)).toBe('-$2.50');
});

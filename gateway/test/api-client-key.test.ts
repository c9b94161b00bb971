import { apiClientKey } from '../src/edge-cache-lane';

/** The address a client's API calls are counted under, as the `/api` rate limit counts them. */
test('an IPv6 client is counted by its /56, an IPv4 one by its address, an IPv4-mapped one as IPv4', () => {
  expect(apiClientKey('2001:db8:1:2::1')).toBe('2001:db8:1::/56');
  expect(apiClientKey('2001:db8:1:ff::9')).toBe('2001:db8:1::/56');
  expect(apiClientKey('2001:db8:1:100::1')).toBe('2001:db8:1:100::/56');
  expect(apiClientKey('203.0.113.7')).toBe('203.0.113.7');
  expect(apiClientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(apiClientKey(undefined)).toBe('');
});

test('keys stay right for an address asked again, and after more addresses than are remembered', () => {
  const first = apiClientKey('2001:db8:aa:bb::1');
  for (let i = 0; i < 12_000; i++) expect(apiClientKey(`2001:db8:${(i % 65536).toString(16)}:1::${(i % 9) + 1}`)).toMatch(/\/56$/);
  expect(apiClientKey('2001:db8:aa:bb::1')).toBe(first);
  expect(apiClientKey('2001:db8:aa:bb::1')).toBe('2001:db8:aa::/56');
  expect(apiClientKey('198.51.100.1')).toBe('198.51.100.1');
});

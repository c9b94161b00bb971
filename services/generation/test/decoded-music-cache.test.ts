import { DecodedMusicCache } from '../src/domain/decoded-music-cache';

const MB = 1024 * 1024;
/** A decode that counts its calls and returns `mb` megabytes of samples. */
function decoder(mb: number) {
  const calls = { count: 0 };
  const decode = async () => {
    calls.count++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return new Int16Array((mb * MB) / 2);
  };
  return { calls, decode };
}

describe('the decoded music cache', () => {
  test('a track is decoded once, also when two renders ask for it at the same time', async () => {
    const cache = new DecodedMusicCache(100 * MB);
    const { calls, decode } = decoder(10);
    const [a, b] = await Promise.all([cache.get('calm', decode), cache.get('calm', decode)]);
    const c = await cache.get('calm', decode);
    expect(calls.count).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  test('past its budget it lets go of the least recently used track', async () => {
    const cache = new DecodedMusicCache(25 * MB);
    const first = decoder(10);
    const second = decoder(10);
    const third = decoder(10);
    await cache.get('first', first.decode);
    await cache.get('second', second.decode);
    await cache.get('first', first.decode); // used again: now the most recent
    await cache.get('third', third.decode); // 30 MB > 25 MB: 'second' goes
    await cache.get('first', first.decode);
    await cache.get('second', second.decode);
    expect(first.calls.count).toBe(1);
    expect(second.calls.count).toBe(2);
    expect(third.calls.count).toBe(1);
  });

  test('a failed decode is not remembered', async () => {
    const cache = new DecodedMusicCache(100 * MB);
    let attempts = 0;
    const flaky = async () => {
      if (++attempts === 1) throw new Error('library unavailable');
      return new Int16Array(4);
    };
    await expect(cache.get('calm', flaky)).rejects.toThrow('library unavailable');
    await expect(cache.get('calm', flaky)).resolves.toHaveLength(4);
    expect(attempts).toBe(2);
  });

  test('a track larger than the whole budget does not fit (the caller decodes only what it needs)', () => {
    const cache = new DecodedMusicCache(256 * MB);
    expect(cache.fits(5 * 60 * 44100 * 4)).toBe(true);
    expect(cache.fits(60 * 60 * 44100 * 4)).toBe(false);
    expect(new DecodedMusicCache(0).fits(1)).toBe(false);
  });
});

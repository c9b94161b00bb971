import { RevocationWatch } from '../src/domain/revocation-watch';

/**
 * The revocation feed's followers (every service and the gateway) wait on identity for the
 * next sign-out. What they notice: each is woken as soon as a revocation after its cursor is
 * there, and identity looks for one once a tick however many wait.
 */
describe('waiting followers of the revocation feed', () => {
  const TICK_MS = 40;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const until = async (done: () => boolean) => {
    for (const deadline = Date.now() + 5000; !done(); await sleep(5)) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
    }
  };

  it('wakes every follower behind the newest revocation, with one look a tick for all of them', async () => {
    let newest = 5;
    const lookedAt: number[] = [];
    const watch = new RevocationWatch(async () => {
      lookedAt.push(performance.now());
      return newest;
    }, TICK_MS);
    const never = new AbortController().signal;
    const behind = Array.from({ length: 8 }, () => watch.waitForRevocationAfter(5, 5000, never));
    const ahead = watch.waitForRevocationAfter(9, 10 * TICK_MS, never);

    await until(() => lookedAt.length >= 2);
    newest = 7; // a sign-out somewhere
    expect(await Promise.all(behind)).toEqual(Array(8).fill(true));
    // The follower whose cursor is past it keeps waiting, until its own deadline.
    expect(await ahead).toBe(false);
    // Once a tick, not once a tick for each of the nine: no two looks came in the same tick.
    // (Spacing, not a count in a time window, so a loaded machine that runs late cannot fail it.)
    const gaps = lookedAt.slice(1).map((at, i) => at - lookedAt[i]);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(TICK_MS / 2);
  });

  it('lets a follower go when it leaves, and stops looking once nobody waits', async () => {
    let looks = 0;
    const watch = new RevocationWatch(async () => {
      looks++;
      return 0;
    }, TICK_MS);
    const left = new AbortController();
    const waiting = watch.waitForRevocationAfter(0, 5000, left.signal);
    await sleep(1.5 * TICK_MS);
    left.abort();
    expect(await waiting).toBe(false);

    await sleep(2 * TICK_MS); // the next tick finds nobody waiting and stops
    const looksWhenIdle = looks;
    await sleep(4 * TICK_MS);
    expect(looks).toBe(looksWhenIdle);
    expect(await watch.waitForRevocationAfter(0, 5000, AbortSignal.abort())).toBe(false);
  });

  it('keeps followers waiting when a look fails, and wakes them at the next one that finds a revocation', async () => {
    let failing = true;
    const watch = new RevocationWatch(async () => {
      if (failing) throw new Error('the database is restarting');
      return 3;
    }, TICK_MS);
    const waiting = watch.waitForRevocationAfter(1, 5000, new AbortController().signal);
    await sleep(2.5 * TICK_MS);
    failing = false;
    expect(await waiting).toBe(true);
  });
});

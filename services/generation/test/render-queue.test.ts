import { PREVIEWS_PER_LISTENER, RenderQueue } from '../src/domain/render-queue';

/** A render the test finishes when it chooses, recording when it started. */
function renders(queue: RenderQueue) {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const submit = (userId: string, name: string, signal?: AbortSignal) =>
    queue.run(
      userId,
      () =>
        new Promise<string>((resolve) => {
          started.push(name);
          finish.set(name, () => resolve(name));
        }),
      signal,
    );
  const settle = () => new Promise((r) => setImmediate(r));
  return { started, submit, finish: async (name: string) => (finish.get(name)!(), await settle()), settle };
}

describe('the render queue', () => {
  test("says how many turns run and wait, and how long each waited for its slot (the operators' figures)", async () => {
    const turns: { kind: string; waited: boolean }[] = [];
    let now = 0;
    const queue = new RenderQueue(
      1,
      10,
      (kind, waitedMs) => turns.push({ kind, waited: waitedMs > 0 }),
      () => now,
    );
    const { submit, finish, settle } = renders(queue);
    const all = [submit('ann', 'ann-1'), submit('ben', 'ben-1')];
    await settle();
    expect(queue.length).toEqual({ running: 1, waiting: 1 });
    expect(turns).toEqual([{ kind: 'render', waited: false }]);
    now += 5;
    await finish('ann-1');
    expect(queue.length).toEqual({ running: 1, waiting: 0 });
    expect(turns).toEqual([
      { kind: 'render', waited: false },
      { kind: 'render', waited: true },
    ]);
    await finish('ben-1');
    await Promise.all(all);
    expect(queue.length).toEqual({ running: 0, waiting: 0 });
  });

  test('one listener with three renders and another with one: the single one goes next, not last', async () => {
    const queue = new RenderQueue(1, 10);
    const { started, submit, finish, settle } = renders(queue);
    const all = [submit('ann', 'ann-1'), submit('ann', 'ann-2'), submit('ann', 'ann-3')];
    await settle();
    all.push(submit('ben', 'ben-1'));
    await settle();
    expect(started).toEqual(['ann-1']);
    expect(queue.placeOf('ben')).toEqual({ running: 0, waiting: 1, place: 1 });
    expect(queue.placeOf('ann')).toEqual({ running: 1, waiting: 2, place: 2 });
    expect(queue.placeOf('cat')).toEqual({ running: 0, waiting: 0, place: null });

    await finish('ann-1');
    expect(started).toEqual(['ann-1', 'ben-1']);
    expect(queue.placeOf('ann')).toEqual({ running: 0, waiting: 2, place: 1 });
    await finish('ben-1');
    await finish('ann-2');
    await finish('ann-3');
    expect(started).toEqual(['ann-1', 'ben-1', 'ann-2', 'ann-3']);
    expect(await Promise.all(all)).toEqual(['ann-1', 'ann-2', 'ann-3', 'ben-1']);
  });

  test('with two turns, the listener with fewer renders running gets the free one', async () => {
    const queue = new RenderQueue(2, 10);
    const { started, submit, finish, settle } = renders(queue);
    void submit('ann', 'ann-1');
    void submit('ann', 'ann-2');
    void submit('ann', 'ann-3');
    await settle();
    void submit('ben', 'ben-1');
    await settle();
    expect(started).toEqual(['ann-1', 'ann-2']);
    await finish('ann-1');
    expect(started).toEqual(['ann-1', 'ann-2', 'ben-1']);
  });

  test('past the limit of waiting renders a new one is refused with 503 RENDER_QUEUE_FULL', async () => {
    const queue = new RenderQueue(1, 1);
    const { submit, settle } = renders(queue);
    void submit('ann', 'ann-1');
    void submit('ann', 'ann-2');
    await settle();
    await expect(submit('ben', 'ben-1')).rejects.toMatchObject({ status: 503, code: 'RENDER_QUEUE_FULL' });
    expect(queue.placeOf('ben')).toEqual({ running: 0, waiting: 0, place: null });
  });

  test('a listener who leaves while waiting leaves the line; a failed render frees its turn', async () => {
    const queue = new RenderQueue(1, 10);
    const { started, submit, finish, settle } = renders(queue);
    void submit('ann', 'ann-1');
    const leaving = new AbortController();
    const left = submit('ben', 'ben-1', leaving.signal);
    void submit('cat', 'cat-1');
    await settle();
    expect(queue.placeOf('cat').place).toBe(2);
    leaving.abort(new Error('left'));
    await expect(left).rejects.toThrow('left');
    expect(queue.placeOf('cat').place).toBe(1);
    await finish('ann-1');
    expect(started).toEqual(['ann-1', 'cat-1']);

    const failing = queue.run('dan', () => Promise.reject(new Error('encoder stopped')));
    void submit('eve', 'eve-1');
    await finish('cat-1');
    await expect(failing).rejects.toThrow('encoder stopped');
    await settle();
    expect(started).toEqual(['ann-1', 'cat-1', 'eve-1']);
  });

  test('a place is taken before any work: a full line refuses at once, and leaving the line frees the place', async () => {
    const queue = new RenderQueue(1, 1);
    const first = queue.admit('ann', 'render');
    const second = queue.admit('ben', 'render');
    expect(() => queue.admit('cat', 'render')).toThrow(expect.objectContaining({ status: 503, code: 'RENDER_QUEUE_FULL' }));
    expect(queue.placeOf('ben')).toEqual({ running: 0, waiting: 1, place: 1 });
    // Ben gives up before his turn (his seconds could not be reserved, say): his place is free.
    second.release();
    second.release();
    expect(queue.placeOf('ben')).toEqual({ running: 0, waiting: 0, place: null });
    const third = queue.admit('cat', 'render');
    first.release();
    await third.started;
    expect(queue.placeOf('cat')).toEqual({ running: 1, waiting: 0, place: null });
    third.release();
    expect(queue.placeOf('cat')).toEqual({ running: 0, waiting: 0, place: null });
  });

  test('previews take turns in the same line, at most two per listener, and are not shown as renders', async () => {
    const queue = new RenderQueue(1, 10);
    const render = queue.admit('ann', 'render');
    const previews = Array.from({ length: PREVIEWS_PER_LISTENER }, () => queue.admit('ben', 'preview'));
    expect(() => queue.admit('ben', 'preview')).toThrow(expect.objectContaining({ status: 429, code: 'PREVIEW_LIMIT' }));
    // Another listener's preview, and Ben's renders, are not limited by Ben's previews.
    const cats = queue.admit('cat', 'preview');
    const bens = queue.admit('ben', 'render');
    // Line: Ben's first preview, Cat's (she has nothing running), Ben's second, Ben's render.
    expect(queue.placeOf('ben')).toEqual({ running: 0, waiting: 1, place: 4 });
    let started = false;
    void previews[0].started.then(() => (started = true));
    render.release();
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(true);
    expect(queue.placeOf('ben')).toEqual({ running: 0, waiting: 1, place: 3 });
    // A preview that ended gives its place back to the listener.
    previews[0].release();
    const again = queue.admit('ben', 'preview');
    for (const turn of [...previews, again, cats, bens]) turn.release();
    expect(queue.placeOf('ben')).toEqual({ running: 0, waiting: 0, place: null });
  });
});

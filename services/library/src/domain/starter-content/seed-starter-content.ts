import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureMusic, probeAudio, type Db, type Logger, type ObjectStore } from '@innerecho/kit';
import { musicRepository, transcriptRepository } from '../../data-access/library-repository';
import { STARTER_AFFIRMATIONS } from './starter-affirmations';
import { STARTER_PADS, synthesizeAmbientPad } from './synthesize-ambient-pad';

/** Rendered pads are kept here between starts: the same recipe always gives the same file. */
const PAD_CACHE = join(tmpdir(), 'innerecho-starter-music-v1');

/** The starter affirmations, on a first start only (an empty library). */
export async function seedStarterAffirmations({ db, logger }: { db: Db; logger: Logger }) {
  await db.transaction(async (tx) => {
    if ((await transcriptRepository.count(tx)) > 0) return;
    for (const a of STARTER_AFFIRMATIONS) {
      await transcriptRepository.insert(tx, {
        title: a.title,
        content: a.content,
        category: a.category,
        creatorId: a.creatorId ?? null,
        playCount: a.plays,
      });
    }
    logger.info({ affirmations: STARTER_AFFIRMATIONS.length }, 'starter affirmations added to the library');
  });
}

/**
 * The starter background music, on a first start only: calm pads synthesised by our own
 * code (so they are ours to ship), probed and measured like any upload. Runs after
 * start-up, so the app is usable while the tracks render.
 */
export async function seedStarterMusic({
  db,
  files,
  logger,
  signal,
  render,
}: {
  db: Db;
  files: ObjectStore;
  logger: Logger;
  signal?: AbortSignal;
  /** False: take the tracks only if an earlier start has rendered them (STARTER_MUSIC=if-rendered). */
  render: boolean;
}) {
  if ((await musicRepository.count(db)) > 0) return;
  const cached = (pad: (typeof STARTER_PADS)[number]) => join(PAD_CACHE, `${pad.slug}-${pad.recipe.seconds}s.mp3`);
  if (!render && !STARTER_PADS.every((pad) => existsSync(cached(pad)))) {
    logger.debug('starter music not rendered yet; a throwaway system does not render it');
    return;
  }
  const started = Date.now();
  await mkdir(PAD_CACHE, { recursive: true });
  await removeStaleRenders();
  // One at a time: rendering is CPU work, and the rest of the system is starting too.
  const rendered = [];
  for (const pad of STARTER_PADS) {
    const path = cached(pad);
    if (!existsSync(path)) {
      const temp = `${path}.${process.pid}.${randomUUID()}.partial`;
      try {
        await synthesizeAmbientPad(pad.recipe, temp, signal);
        await rename(temp, path);
      } finally {
        await rm(temp, { force: true });
      }
    }
    rendered.push({ pad, path });
  }
  signal?.throwIfAborted();
  if ((await musicRepository.count(db)) > 0) return;
  for (const { pad, path } of rendered) {
    const probe = await probeAudio(path);
    if (!probe) throw new Error(`starter track ${pad.slug} did not render as audio`);
    const id = randomUUID();
    const fileKey = `music/${id}.mp3`;
    await files.put(fileKey, createReadStream(path), 'audio/mpeg');
    const measured = await measureCached(path);
    await musicRepository.insert(db, {
      id,
      title: pad.title,
      durationSeconds: probe.durationSeconds,
      fileKey,
      contentType: 'audio/mpeg',
      sizeBytes: (await stat(path)).size,
      decodedFrames: measured.decodedFrames,
      loudness: measured.loudness,
    });
  }
  logger.info({ tracks: rendered.length, ms: Date.now() - started }, 'starter background music added');
}

/** The measure of a cached starter track, kept beside it: test systems add these tracks by the dozen. */
async function measureCached(path: string): Promise<{ decodedFrames: number; loudness: number }> {
  const file = `${path}.measure.json`;
  const known = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as { decodedFrames: unknown; loudness: unknown },
    () => null,
  );
  if (known && Number.isInteger(known.decodedFrames) && typeof known.loudness === 'number')
    return known as { decodedFrames: number; loudness: number };
  const { decodedFrames, loudness } = await measureMusic(await readFile(path));
  const measured = { decodedFrames, loudness };
  await writeFile(file, JSON.stringify(measured)).catch(() => undefined);
  return measured;
}

/** Renders cut short by a killed process leave their partial files behind. */
async function removeStaleRenders() {
  for (const name of await readdir(PAD_CACHE)) {
    if (!name.endsWith('.partial') && !/\.mp3\.\d+\.[0-9a-f-]{36}\.mp3$/.test(name)) continue;
    const path = join(PAD_CACHE, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 10 * 60_000) await rm(path, { force: true });
  }
}

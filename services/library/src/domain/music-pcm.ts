import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { measureMusic, type ObjectStore } from '@innerecho/kit';

/**
 * Every track is kept twice: the file as uploaded (the admin's preview) and, under this key,
 * its audio decoded once to what a render mixes (interleaved 16-bit little-endian stereo at
 * MIX_SAMPLE_RATE, no header), so that no render decodes music. An hour is 635 MB.
 */
export const pcmKeyFor = (trackId: string) => `music-pcm/${trackId}.s16le`;

export interface MusicMeasure {
  decodedFrames: number;
  loudness: number;
  silentSeconds: number;
}

/**
 * Decodes `bytes` once: measures the track and writes its PCM to `<dir>/pcm` as it streams
 * (written synchronously, so memory holds a pipe's worth of audio, never the track). With
 * `maxSilentSeconds` it stops as soon as the near-silence passes it.
 */
export async function decodeMusicToPcmFile(
  bytes: Buffer,
  dir: string,
  limits: { maxSeconds: number; maxSilentSeconds?: number },
): Promise<{ measure: MusicMeasure; pcmPath: string }> {
  const pcmPath = join(dir, 'pcm');
  const fd = openSync(pcmPath, 'w');
  try {
    const measure = await measureMusic(bytes, { ...limits, onPcm: (pcm) => void writeSync(fd, pcm) });
    return { measure, pcmPath };
  } finally {
    closeSync(fd);
  }
}

/** Stores the PCM file under the track's PCM key. */
export async function storePcm(files: ObjectStore, trackId: string, pcmPath: string) {
  await files.put(pcmKeyFor(trackId), createReadStream(pcmPath), 'application/octet-stream');
}

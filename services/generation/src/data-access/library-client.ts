import type { AffirmationTextView, MusicTrackDetails } from '@innerecho/contracts';
import { notFound, unavailable } from '@innerecho/kit';
import { callUpstream, errorBody, type Caller } from './upstream-request';

async function getJson<T>(url: string, caller: Caller, missing: string, missingCode: string): Promise<T> {
  const res = await callUpstream(url, caller, { what: 'library service' });
  if (res.status === 404 || res.status === 400) throw notFound(missing, missingCode);
  if (!res.ok) throw unavailable((await errorBody(res)).error ?? 'The library service could not answer. Please try again.');
  return (await res.json()) as T;
}

/** A library transcript, or a custom affirmation that belongs to the caller (the library checks). */
export function fetchAffirmationText(
  libraryUrl: string,
  caller: Caller,
  source: { kind: 'transcript' | 'custom'; id: string },
): Promise<AffirmationTextView> {
  return source.kind === 'transcript'
    ? getJson(
        `${libraryUrl}/internal/affirmation-text/transcript/${encodeURIComponent(source.id)}`,
        caller,
        'Transcript not found',
        'TRANSCRIPT_NOT_FOUND',
      )
    : getJson(
        `${libraryUrl}/internal/affirmation-text/custom/${encodeURIComponent(source.id)}`,
        caller,
        'Custom affirmation not found',
        'CUSTOM_AFFIRMATION_NOT_FOUND',
      );
}

export function fetchMusicTrack(libraryUrl: string, caller: Caller, id: string): Promise<MusicTrackDetails> {
  return getJson(
    `${libraryUrl}/internal/background-music/${encodeURIComponent(id)}`,
    caller,
    'Background music not found',
    'MUSIC_NOT_FOUND',
  );
}

export async function fetchMusicAudio(libraryUrl: string, caller: Caller, id: string): Promise<Buffer> {
  const res = await callUpstream(`${libraryUrl}/internal/background-music/${encodeURIComponent(id)}/audio`, caller, {
    what: 'library service',
    timeoutMs: 60_000,
  });
  if (res.status === 404) throw notFound('Background music not found', 'MUSIC_NOT_FOUND');
  if (!res.ok) throw unavailable('Could not load the background music. Please try again.');
  return Buffer.from(await res.arrayBuffer());
}

/**
 * The track's PCM as the library decoded it on upload (interleaved 16-bit stereo at 44.1 kHz),
 * at most `frames` frames; null when the library has not prepared it yet (decode the file then).
 */
export async function fetchMusicPcm(libraryUrl: string, caller: Caller, id: string, frames: number): Promise<Int16Array | null> {
  const url = `${libraryUrl}/internal/background-music/${encodeURIComponent(id)}/pcm?frames=${Math.max(1, Math.floor(frames))}`;
  const res = await callUpstream(url, caller, { what: 'library service', timeoutMs: 60_000 });
  if (res.status === 404) {
    const { code } = await errorBody(res);
    if (code === 'MUSIC_NOT_PREPARED') return null;
    throw notFound('Background music not found', 'MUSIC_NOT_FOUND');
  }
  if (!res.ok) throw unavailable('Could not load the background music. Please try again.');
  const bytes = await res.arrayBuffer();
  return new Int16Array(bytes, 0, bytes.byteLength >> 1);
}

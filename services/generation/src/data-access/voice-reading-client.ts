import { AppError, unavailable } from '@innerecho/kit';
import { callUpstream, errorBody, type Caller } from './upstream-request';

/**
 * POST {VOICE_URL}/internal/readings: the voice service checks the listener's uploaded
 * reading exactly as it checks a voice sample (not audio, too long or too short for the
 * text, silent, clipped: its 400s pass through with their codes and words) and answers it
 * trimmed and level-normalised, as 16-bit mono WAV at 44.1 kHz.
 */
export async function prepareReading(
  voiceUrl: string,
  caller: Caller,
  input: { uploadURL: string; minSpeechSeconds: number; maxSeconds: number },
): Promise<{ wav: Buffer; seconds: number }> {
  const res = await callUpstream(`${voiceUrl}/internal/readings`, caller, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
    timeoutMs: 60_000,
    what: 'voice service',
  });
  if (!res.ok) {
    const body = await errorBody(res);
    if (res.status >= 400 && res.status < 500)
      throw new AppError(
        res.status,
        body.code ?? 'RECORDING_REFUSED',
        body.error ?? 'This recording could not be used. Please record again.',
      );
    throw unavailable(body.error ?? 'Your recording could not be checked. Please try again.');
  }
  return { wav: Buffer.from(await res.arrayBuffer()), seconds: Number(res.headers.get('x-reading-seconds')) || 0 };
}

import { AppError, unavailable } from '@innerecho/kit';
import { callUpstream, errorBody, type Caller } from './upstream-request';

export interface SpeechClip {
  wav: Buffer;
  cache: 'hit' | 'miss';
  voiceId: string;
}

/**
 * POST {VOICE_URL}/internal/speech: the text in the caller's cloned voice (cached by the
 * voice service per voice, engine and text). 409 VOICE_NOT_CLONED passes through.
 */
export async function fetchSpeech(voiceUrl: string, caller: Caller, text: string): Promise<SpeechClip> {
  const res = await callUpstream(`${voiceUrl}/internal/speech`, caller, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
    // A first synthesis of a long text takes a while; cached clips come back at once.
    timeoutMs: 110_000,
    what: 'voice service',
  });
  if (!res.ok) {
    const body = await errorBody(res);
    if (res.status >= 400 && res.status < 500)
      throw new AppError(res.status, body.code ?? 'SPEECH_REFUSED', body.error ?? 'Could not speak this text');
    throw unavailable(body.error ?? 'The voice service could not speak this text. Please try again.');
  }
  return {
    wav: Buffer.from(await res.arrayBuffer()),
    cache: res.headers.get('x-speech-cache') === 'hit' ? 'hit' : 'miss',
    voiceId: res.headers.get('x-voice-id') ?? '',
  };
}

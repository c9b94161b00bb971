import { apiRequest, throwIfResNotOk } from '@innerecho/ui';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';

/**
 * The clone sequence: POST /api/voice-profile/upload for an upload URL, PUT the
 * recording there as audio/webm, then POST /api/voice-profile/clone with the consent given.
 */
export async function uploadAndClone({ blob, sessionId }: { blob: Blob | null; sessionId: string }) {
  if (!blob) throw new Error('No audio to upload');
  const { uploadURL } = (await (await apiRequest('POST', '/api/voice-profile/upload')).json()) as { uploadURL: string };
  // The URL is signed: no cookies go with it (a bucket on another origin refuses credentialed requests).
  const put = await fetch(uploadURL, { method: 'PUT', body: blob, headers: { 'Content-Type': 'audio/webm' }, credentials: 'omit' });
  await throwIfResNotOk(put);
  const res = await apiRequest('POST', '/api/voice-profile/clone', {
    sessionId,
    uploadURL,
    consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION },
  });
  return (await res.json()) as { isCloned: boolean; engine: string };
}

export async function deleteVoiceProfile(sessionId: string) {
  await apiRequest('DELETE', `/api/voice-profile/${encodeURIComponent(sessionId)}`);
}

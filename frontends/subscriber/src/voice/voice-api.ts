import { callApi } from '@innerecho/ui';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import { uploadRecording } from '../own-recording/own-recording-api';

/**
 * The clone sequence: POST /api/voice-profile/upload for an upload URL, PUT the
 * recording there as audio/webm, then POST /api/voice-profile/clone with the consent given.
 */
export async function uploadAndClone({ blob, sessionId }: { blob: Blob | null; sessionId: string }) {
  if (!blob) throw new Error('No audio to upload');
  const uploadURL = await uploadRecording(blob);
  return callApi('POST /api/voice-profile/clone', {
    body: { sessionId, uploadURL, consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION } },
  });
}

export async function deleteVoiceProfile(sessionId: string) {
  await callApi('DELETE /api/voice-profile/:sessionId', { params: { sessionId } });
}

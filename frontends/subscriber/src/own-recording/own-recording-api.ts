import type { OwnRecordingView } from '@innerecho/contracts';
import { apiQueryKey, callApi, getSessionId, throwIfResNotOk } from '@innerecho/ui';

const params = (affirmationId: string) => ({ sessionId: getSessionId(), affirmationId });

export const ownRecordingQueryKey = (affirmationId: string) =>
  apiQueryKey('GET /api/own-recordings/:sessionId/:affirmationId', { params: params(affirmationId) });

/** The listener's kept reading of this affirmation, or null when they have none. */
export const fetchOwnRecording = (affirmationId: string) =>
  callApi('GET /api/own-recordings/:sessionId/:affirmationId', { params: params(affirmationId) });

/** A one-time upload URL for a recording (a voice sample, or a reading to keep). */
export async function uploadRecording(blob: Blob): Promise<string> {
  const { uploadURL } = await callApi('POST /api/voice-profile/upload');
  // The URL is signed: no cookies go with it (a bucket on another origin refuses credentialed requests).
  const put = await fetch(uploadURL, { method: 'PUT', body: blob, headers: { 'Content-Type': 'audio/webm' }, credentials: 'omit' });
  await throwIfResNotOk(put);
  return uploadURL;
}

/**
 * Keeps a take: it goes to the same one-time upload URL as a voice sample, then the server
 * checks it like one (its refusals name the cause) and keeps it trimmed and normalised.
 */
export async function keepOwnRecording(affirmationId: string, blob: Blob): Promise<OwnRecordingView> {
  const uploadURL = await uploadRecording(blob);
  return callApi('PUT /api/own-recordings/:sessionId/:affirmationId', { params: params(affirmationId), body: { uploadURL } });
}

export async function deleteOwnRecording(affirmationId: string): Promise<void> {
  await callApi('DELETE /api/own-recordings/:sessionId/:affirmationId', { params: params(affirmationId) });
}

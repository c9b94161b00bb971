import type { OwnRecordingView } from '@innerecho/contracts';
import { apiRequest, getSessionId, throwIfResNotOk } from '@innerecho/ui';

export type OwnRecording = OwnRecordingView;

const path = (affirmationId: string) => `/api/own-recordings/${encodeURIComponent(getSessionId())}/${encodeURIComponent(affirmationId)}`;

export const ownRecordingQueryKey = (affirmationId: string) => ['own-recording', affirmationId] as const;

/** The listener's kept reading of this affirmation, or null when they have none. */
export async function fetchOwnRecording(affirmationId: string): Promise<OwnRecording | null> {
  const res = await fetch(path(affirmationId), { credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as OwnRecording | null;
}

/**
 * Keeps a take: it goes to the same one-time upload URL as a voice sample, then the server
 * checks it like one (its refusals name the cause) and keeps it trimmed and normalised.
 */
export async function keepOwnRecording(affirmationId: string, blob: Blob): Promise<OwnRecording> {
  const { uploadURL } = (await (await apiRequest('POST', '/api/voice-profile/upload')).json()) as { uploadURL: string };
  // The URL is signed: no cookies go with it (a bucket on another origin refuses credentialed requests).
  const put = await fetch(uploadURL, { method: 'PUT', body: blob, headers: { 'Content-Type': 'audio/webm' }, credentials: 'omit' });
  await throwIfResNotOk(put);
  return (await (await apiRequest('PUT', path(affirmationId), { uploadURL })).json()) as OwnRecording;
}

export async function deleteOwnRecording(affirmationId: string): Promise<void> {
  await apiRequest('DELETE', path(affirmationId));
}

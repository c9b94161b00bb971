import { safeReturnPath } from '@innerecho/ui';

/** The record page, coming back to `returnTo` (a path on this site) once the voice is cloned. */
export const recordVoicePath = (returnTo?: string | null) => {
  const safe = safeReturnPath(returnTo);
  return safe ? `/record-voice?returnTo=${encodeURIComponent(safe)}` : '/record-voice';
};

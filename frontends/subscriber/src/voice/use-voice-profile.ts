import { useQuery } from '@tanstack/react-query';
import type { VoiceProfileView } from '@innerecho/contracts';
import { apiQueryKey, callApi, getSessionId } from '@innerecho/ui';

export const voiceProfileQueryKey = (sessionId: string) => apiQueryKey('GET /api/voice-profile/:sessionId', { params: { sessionId } });

/**
 * GET /api/voice-profile/{sessionId}; any failure or non-OK answer counts as no profile. Only
 * screens behind the sign-in check use it, so a visitor's browser never asks.
 */
export function useVoiceProfile() {
  const sessionId = getSessionId();
  const query = useQuery({
    queryKey: voiceProfileQueryKey(sessionId),
    queryFn: (): Promise<VoiceProfileView | null> =>
      callApi('GET /api/voice-profile/:sessionId', { params: { sessionId } }).catch(() => null),
    retry: false,
  });
  return { ...query, sessionId, profile: query.data ?? null, isCloned: query.data?.isCloned === true };
}

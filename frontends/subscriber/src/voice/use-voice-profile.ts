import { useQuery } from '@tanstack/react-query';
import type { VoiceProfileView } from '@innerecho/contracts';
import { getSessionId } from '@innerecho/ui';

/** Whether the listener has a cloned voice, which engine made it, and which would make a new one. */
export type VoiceProfile = VoiceProfileView;

export const voiceProfileQueryKey = (sessionId: string) => ['/api/voice-profile', sessionId] as const;

/**
 * GET /api/voice-profile/{sessionId}; any failure or non-OK answer counts as no profile. Only
 * screens behind the sign-in check use it, so a visitor's browser never asks.
 */
export function useVoiceProfile() {
  const sessionId = getSessionId();
  const query = useQuery<VoiceProfile | null>({
    queryKey: voiceProfileQueryKey(sessionId),
    queryFn: async () => {
      try {
        const res = await fetch(`/api/voice-profile/${encodeURIComponent(sessionId)}`, { credentials: 'include' });
        return res.ok ? ((await res.json()) as VoiceProfile) : null;
      } catch {
        return null;
      }
    },
    retry: false,
  });
  return { ...query, sessionId, profile: query.data ?? null, isCloned: query.data?.isCloned === true };
}

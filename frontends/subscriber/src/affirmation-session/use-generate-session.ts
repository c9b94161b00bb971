import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSessionId, toast, useNavigate } from '@innerecho/ui';
import { DAILY_ALLOWANCE_QUERY_KEY, GenerationError, savedAffirmationsQueryKey } from '../generate/generation-api';
import { isSubscriptionRequired, sendToPricing } from '../subscription/subscription-required';
import { generateAffirmationSession } from './affirmation-session-api';

type SessionRequest = Parameters<typeof generateAffirmationSession>[0];
type GeneratedSession = Awaited<ReturnType<typeof generateAffirmationSession>>;

export interface GenerateSessionInput {
  /** The session as chosen at the moment Generate is pressed. */
  request: () => SessionRequest;
  onGenerated: (session: GeneratedSession) => void;
}

/**
 * Makes the session, then says so and refreshes the saved list; without a plan the listener is
 * sent to pricing. The day's allowance is read again either way.
 */
export function useGenerateSession({ request, onGenerated }: GenerateSessionInput) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateAffirmationSession(request()),
    onSuccess: (session) => {
      onGenerated(session);
      toast({ title: 'Session generated', description: 'Your session has been saved to your library', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: savedAffirmationsQueryKey(getSessionId()) });
    },
    onError: (error) => {
      if (isSubscriptionRequired(error)) return sendToPricing(error, { navigate, queryClient });
      const description =
        error instanceof GenerationError && error.code === 'VOICE_NOT_CLONED'
          ? 'Please record and clone your voice first, or read each affirmation yourself on its Generate page.'
          : error.message || 'Please try again';
      toast({ title: 'Generation failed', description, variant: 'destructive' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: DAILY_ALLOWANCE_QUERY_KEY }),
  });
}

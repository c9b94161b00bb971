import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverErrorMessage, toast, useAuth, useNavigate } from '@innerecho/ui';
import { isSubscriptionRequired, sendToPricing } from '../subscription/subscription-required';
import { dropStoredTake, storeTake } from './stored-take';
import { voiceProfileQueryKey } from './use-voice-profile';
import { uploadAndClone } from './voice-api';

export interface CloneVoiceInput {
  sessionId: string;
  returnTo?: string | null;
  recorder: { blob: Blob | null; elapsed: number };
}

/**
 * Uploads the take and clones the voice, then goes back to where the listener came from. A clone
 * refused for want of a plan keeps the take on this device and sends the listener to pricing.
 */
export function useCloneVoice({ sessionId, returnTo, recorder }: CloneVoiceInput) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => uploadAndClone({ blob: recorder.blob, sessionId }),
    onSuccess: async () => {
      await dropStoredTake();
      toast({
        title: 'Voice cloned successfully',
        description: returnTo ? 'Back to the affirmation you chose.' : 'You can now generate affirmations in your voice!',
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: voiceProfileQueryKey(sessionId) });
      void navigate(returnTo ?? '/affirmations');
    },
    onError: async (error) => {
      if (isSubscriptionRequired(error)) {
        if (recorder.blob && user) {
          await storeTake({ userId: user.id, audio: recorder.blob, seconds: recorder.elapsed }).catch((e) =>
            console.warn('the recording could not be kept for later', e),
          );
        }
        return sendToPricing(error, {
          navigate,
          queryClient,
          description: 'Your recording is kept: start your free trial, then come back to clone your voice.',
        });
      }
      toast({
        title: 'Voice cloning failed',
        description: serverErrorMessage(error) || (error instanceof Error && error.message) || 'Please try again or contact support',
        variant: 'destructive',
      });
    },
  });
}

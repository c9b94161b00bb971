import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, RotateCcw, Trash2 } from 'lucide-react';
import { Button, Card, ConfirmDialog, LinkButton, serverErrorMessage, toast, IconBadge } from '@innerecho/ui';
import { EngineNote } from './engine-note';
import { voiceProfileQueryKey } from './use-voice-profile';
import { deleteVoiceProfile } from './voice-api';
import type { VoiceProfileView } from '@innerecho/contracts';

export interface VoiceClonedPanelProps {
  sessionId: string;
  profile: VoiceProfileView;
  /** The affirmation the listener was on before coming here, offered as the way on. */
  returnTo?: string | null;
}

/**
 * The cloned state: success, the way on, and two ways to remove the voice, each behind a
 * confirmation that says what happens: Re-record Voice (delete it to record a new one) and
 * Delete My Voice (delete it and stop there).
 */
export function VoiceClonedPanel({ sessionId, profile, returnTo }: VoiceClonedPanelProps) {
  const [confirming, setConfirming] = useState<'re-record' | 'delete' | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteVoiceProfile(sessionId),
    onSuccess: async () => {
      toast(
        confirming === 'delete'
          ? {
              title: 'Your voice is deleted',
              description: 'Your recording and voice are gone. Affirmations you generated stay in your library and keep playing.',
            }
          : { title: 'Voice profile deleted', description: 'You can now record a new voice sample' },
      );
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: voiceProfileQueryKey(sessionId) });
    },
    onError: (error) => {
      toast({
        title: 'Failed to delete voice profile',
        description: serverErrorMessage(error) || (error instanceof Error && error.message) || 'Please try again',
        variant: 'destructive',
      });
    },
  });

  return (
    <Card
      css={{
        padding: '40px 28px',
        display: 'grid',
        gap: 20,
        justifyItems: 'center',
        textAlign: 'center',
        maxWidth: 640,
        width: '100%',
        margin: '0 auto',
      }}
    >
      <IconBadge tone="success" size={88}>
        <CheckCircle2 size={48} />
      </IconBadge>
      <h2 css={{ fontSize: 'clamp(26px, 4vw, 34px)' }}>Voice Cloned Successfully!</h2>
      <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 460 })}>
        Your voice is ready. Choose an affirmation from the library, or write your own, and hear it spoken in your voice.
      </p>
      <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12, marginTop: 4 }}>
        {returnTo ? (
          <LinkButton to={returnTo} size="lg">
            Back to Your Affirmation
            <ArrowRight size={18} aria-hidden />
          </LinkButton>
        ) : (
          <LinkButton to="/affirmations" size="lg">
            Browse Affirmations
            <ArrowRight size={18} aria-hidden />
          </LinkButton>
        )}
        <Button variant="outline" size="lg" onClick={() => setConfirming('re-record')}>
          <RotateCcw size={18} aria-hidden />
          Re-record Voice
        </Button>
      </div>
      <EngineNote engine={profile.engine} />
      <Button variant="ghost" size="sm" onClick={() => setConfirming('delete')}>
        <Trash2 size={16} aria-hidden />
        Delete My Voice
      </Button>
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => !remove.isPending && setConfirming(open ? 'delete' : null)}
        title="Delete Your Voice?"
        description={
          <>
            <p>
              This deletes your voice for good: the voice made from your recording (also at our voice provider, when one is used), the
              recording itself, and every sentence already spoken in it and kept to make generating faster.
            </p>
            <p>
              Affirmations you have already generated stay in your library and keep playing. Your own readings of affirmations stay too. To
              generate new affirmations in your voice, you would record it again.
            </p>
          </>
        }
        cancelLabel="Keep My Voice"
        confirmLabel="Delete My Voice"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      <ConfirmDialog
        open={confirming === 're-record'}
        onOpenChange={(open) => !remove.isPending && setConfirming(open ? 're-record' : null)}
        title="Re-record Your Voice?"
        description={
          <>
            <p>This deletes your current voice clone.</p>
            <p>Affirmations you have already generated stay in your library and keep playing. New affirmations will use your new voice.</p>
          </>
        }
        cancelLabel="Cancel"
        confirmLabel="Yes, Re-record"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}

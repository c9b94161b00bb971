import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, RotateCcw } from 'lucide-react';
import { Button, Card, ConfirmDialog, LinkButton, serverErrorMessage, toast } from '@innerecho/ui';
import { EngineNote } from './engine-note';
import { voiceProfileQueryKey, type VoiceProfile } from './use-voice-profile';
import { deleteVoiceProfile } from './voice-api';

export interface VoiceClonedPanelProps {
  sessionId: string;
  profile: VoiceProfile;
}

/** The cloned state: success, Browse Affirmations, and Re-record Voice behind a confirmation. */
export function VoiceClonedPanel({ sessionId, profile }: VoiceClonedPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteVoiceProfile(sessionId),
    onSuccess: async () => {
      toast({ title: 'Voice profile deleted', description: 'You can now record a new voice sample' });
      setConfirming(false);
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
      <span
        aria-hidden
        css={(t) => ({
          width: 88,
          height: 88,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: t.colors.success,
          background: t.colors.successSoft,
        })}
      >
        <CheckCircle2 size={48} />
      </span>
      <h2 css={{ fontSize: 'clamp(26px, 4vw, 34px)' }}>Voice Cloned Successfully!</h2>
      <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 460 })}>
        Your voice is ready. Choose an affirmation from the library, or write your own, and hear it spoken in your voice.
      </p>
      <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12, marginTop: 4 }}>
        <LinkButton to="/affirmations" size="lg">
          Browse Affirmations
          <ArrowRight size={18} aria-hidden />
        </LinkButton>
        <Button variant="outline" size="lg" onClick={() => setConfirming(true)}>
          <RotateCcw size={18} aria-hidden />
          Re-record Voice
        </Button>
      </div>
      <EngineNote engine={profile.engine} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
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

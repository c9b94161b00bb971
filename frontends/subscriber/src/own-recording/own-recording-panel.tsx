import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mic, RotateCcw, Trash2 } from 'lucide-react';
import { Button, ConfirmDialog, Skeleton, formatClock, serverErrorMessage, toast } from '@innerecho/ui';
import { useVoiceRecorder } from '../voice/use-voice-recorder';
import { OwnRecordingTake } from './own-recording-take';
import { deleteOwnRecording, fetchOwnRecording, keepOwnRecording, ownRecordingQueryKey } from './own-recording-api';

export interface OwnRecordingPanelProps {
  /** The page's affirmation id: a transcript id, or custom-{id}. */
  affirmationId: string;
  text: string;
  disabled?: boolean;
  /** Told when the recorder opens and closes: a render meanwhile would not use the take being read. */
  onRecorderOpenChange?: (open: boolean) => void;
}

/**
 * "Record it yourself": the listener reads the affirmation aloud with the voice sample's
 * recorder, listens back, records again or keeps the take. A kept recording is the speech of
 * every later render of this affirmation (instead of the cloned voice) until it is replaced
 * or deleted.
 */
export function OwnRecordingPanel({ affirmationId, text, disabled, onRecorderOpenChange }: OwnRecordingPanelProps) {
  const queryClient = useQueryClient();
  const recording = useQuery({ queryKey: ownRecordingQueryKey(affirmationId), queryFn: () => fetchOwnRecording(affirmationId) });
  const recorder = useVoiceRecorder();
  const [open, setOpen] = useState(false);
  useEffect(() => onRecorderOpenChange?.(open), [open, onRecorderOpenChange]);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const keep = useMutation({
    mutationFn: () => keepOwnRecording(affirmationId, recorder.blob!),
    onSuccess: (kept) => {
      queryClient.setQueryData(ownRecordingQueryKey(affirmationId), kept);
      recorder.reset();
      setOpen(false);
      setProblem(null);
      toast({
        title: 'Recording kept',
        description: 'Every audio you generate from this affirmation now uses your recording.',
        variant: 'success',
      });
    },
    onError: (error) => setProblem(serverErrorMessage(error) || 'Your recording could not be kept. Please try again.'),
  });
  const remove = useMutation({
    mutationFn: () => deleteOwnRecording(affirmationId),
    onSuccess: () => {
      queryClient.setQueryData(ownRecordingQueryKey(affirmationId), null);
      toast({ title: 'Recording deleted', description: 'Your cloned voice speaks this affirmation again.' });
    },
    onError: (error) =>
      toast({
        title: 'The recording could not be deleted',
        description: serverErrorMessage(error) || 'Please try again',
        variant: 'destructive',
      }),
  });

  const busy = disabled || keep.isPending || remove.isPending;
  const close = () => {
    recorder.reset();
    setProblem(null);
    setOpen(false);
  };

  return (
    <section
      aria-labelledby="own-recording-title"
      css={(t) => ({
        display: 'grid',
        gap: 14,
        padding: 16,
        borderRadius: t.radii.md,
        border: `1px solid ${t.colors.border}`,
        background: t.colors.surfaceSunken,
      })}
    >
      <h3 id="own-recording-title" css={{ fontSize: 16 }}>
        Whose voice
      </h3>
      {recording.isLoading ? (
        <div aria-busy="true" aria-label="Loading your recording">
          <Skeleton height={40} />
        </div>
      ) : recording.isError ? (
        <div role="alert" css={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', fontSize: 14 }}>
          We could not check for your own recording.
          <Button size="sm" variant="outline" onClick={() => void recording.refetch()}>
            Try Again
          </Button>
        </div>
      ) : recording.data && !open ? (
        <div css={{ display: 'grid', gap: 12 }}>
          {/* Whole seconds, counted as the player below counts them. */}
          <p css={{ fontSize: 14 }}>
            <strong>Your recording</strong> speaks this affirmation ({formatClock(Math.floor(recording.data.seconds))}).
          </p>
          <audio
            controls
            preload="metadata"
            aria-label="Your recording"
            src={`${recording.data.audioFilePath}?v=${encodeURIComponent(recording.data.updatedAt)}`}
            css={{ width: '100%' }}
          />
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: 10 }}>
            <Button size="sm" variant="outline" onClick={() => setOpen(true)} disabled={busy}>
              <RotateCcw size={16} aria-hidden />
              Replace Recording
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmingDelete(true)} disabled={busy} loading={remove.isPending}>
              <Trash2 size={16} aria-hidden />
              Delete Recording
            </Button>
          </div>
        </div>
      ) : !open ? (
        <div css={{ display: 'grid', gap: 10 }}>
          <p css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
            Your <strong>cloned voice</strong> speaks this affirmation. Or read it aloud yourself: every audio you generate from it then
            uses your own recording.
          </p>
          <div>
            <Button variant="outline" onClick={() => setOpen(true)} disabled={busy}>
              <Mic size={16} aria-hidden />
              Record it yourself
            </Button>
          </div>
        </div>
      ) : null}

      {open ? (
        <OwnRecordingTake
          text={text}
          recorder={recorder}
          busy={busy}
          keeping={keep.isPending}
          problem={problem}
          onKeep={() => keep.mutate()}
          onCancel={close}
        />
      ) : null}

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete your recording?"
        description={<p>Audio you generate from this affirmation will use your cloned voice again. Audio already saved stays as it is.</p>}
        cancelLabel="Keep It"
        confirmLabel="Delete Recording"
        destructive
        onConfirm={() => {
          setConfirmingDelete(false);
          remove.mutate();
        }}
      />
    </section>
  );
}

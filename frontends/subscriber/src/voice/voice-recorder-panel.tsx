import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog, useAuth } from '@innerecho/ui';
import { EngineNote } from './engine-note';
import { dropStoredTake, findStoredTake } from './stored-take';
import { SampleSentencesCard } from './sample-sentences-card';
import { RecorderControl } from './recorder-control';
import { TakeFollowUp } from './take-follow-up';
import { useCloneVoice } from './use-clone-voice';
import { useVoiceRecorder } from './use-voice-recorder';

export interface VoiceRecorderPanelProps {
  sessionId: string;
  cloneEngine: 'local' | 'elevenlabs' | undefined;
  /** Where to go once the voice is cloned (the affirmation the listener chose); the library otherwise. */
  returnTo?: string | null;
}

/**
 * The record screen: the five sentences, the record/stop control, then Listen, Re-record and
 * Clone My Voice. On a phone the control stays pinned to the bottom of the screen while the
 * sentences scroll past, so nobody scrolls down to start and back up to read. On a wide screen
 * the sentences sit on the left and the control with its follow-up on the right.
 */
export function VoiceRecorderPanel({ sessionId, cloneEngine, returnTo }: VoiceRecorderPanelProps) {
  const recorder = useVoiceRecorder();
  const { user } = useAuth();
  const [consent, setConsent] = useState(false);
  const [confirmingRedo, setConfirmingRedo] = useState(false);
  const [restored, setRestored] = useState(false);
  const followUp = useRef<HTMLDivElement>(null);

  // A take kept when an earlier clone was refused for want of a plan comes back here.
  const { restore } = recorder;
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void findStoredTake(userId).then((take) => {
      if (!take || cancelled) return;
      restore(take.audio, take.seconds);
      setRestored(true);
    });
    return () => {
      cancelled = true;
    };
  }, [userId, restore]);

  const recorded = recorder.state === 'recorded';

  // A finished take brings its next steps (listen, consent, clone) into view.
  useEffect(() => {
    if (recorded && !restored) followUp.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [recorded, restored]);

  const clone = useCloneVoice({ sessionId, returnTo, recorder });

  const recordAgain = () => {
    setConfirmingRedo(false);
    setRestored(false);
    setConsent(false);
    void dropStoredTake();
    void recorder.start();
  };
  const discardTake = () => {
    setConfirmingRedo(false);
    setRestored(false);
    setConsent(false);
    void dropStoredTake();
    recorder.reset();
  };
  // What the big button does after a take: asks first, the take is not thrown away by a stray tap.
  const [redoAction, setRedoAction] = useState<'record' | 'reset'>('record');
  const askBeforeRedo = (action: 'record' | 'reset') => {
    setRedoAction(action);
    setConfirmingRedo(true);
  };

  return (
    <div
      css={(t) => ({
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gridTemplateAreas: '"sentences" "controls" "follow-up"',
        gap: 16,
        alignItems: 'start',
        [t.mq.lg]: {
          gridTemplateColumns: '1.1fr 1fr',
          gridTemplateAreas: '"sentences controls" "sentences follow-up"',
          gridTemplateRows: 'auto 1fr',
          columnGap: 24,
          rowGap: 0,
        },
      })}
    >
      <div css={{ gridArea: 'sentences' }}>
        <SampleSentencesCard />
      </div>

      <RecorderControl
        state={recorder.state}
        elapsed={recorder.elapsed}
        disabled={clone.isPending}
        onStart={() => void recorder.start()}
        onStop={recorder.stop}
        onRecordAgain={() => askBeforeRedo('record')}
      />

      <div
        ref={followUp}
        css={(t) => ({
          gridArea: 'follow-up',
          display: 'grid',
          gap: 18,
          justifyItems: 'center',
          textAlign: 'center',
          padding: recorded ? 20 : 0,
          borderRadius: t.radii.lg,
          border: recorded ? `1px solid ${t.colors.border}` : 'none',
          background: recorded ? t.colors.surface : 'transparent',
          [t.mq.lg]: {
            padding: '8px 28px 28px',
            borderRadius: `0 0 ${t.radii.lg} ${t.radii.lg}`,
            border: `1px solid ${t.colors.border}`,
            borderTop: 'none',
            background: t.colors.surface,
            alignSelf: 'stretch',
            alignContent: 'start',
          },
        })}
      >
        {recorded ? (
          <TakeFollowUp
            restored={restored}
            isPlaying={recorder.isPlaying}
            cloning={clone.isPending}
            consent={consent}
            onConsentChange={setConsent}
            onPlay={recorder.play}
            onReRecord={() => askBeforeRedo('reset')}
            onClone={() => clone.mutate()}
          />
        ) : null}
        <EngineNote engine={cloneEngine} />
      </div>

      <ConfirmDialog
        open={confirmingRedo}
        onOpenChange={setConfirmingRedo}
        title="Record again?"
        description={<p>This discards the recording you just made. You can listen to it first if you are not sure.</p>}
        cancelLabel="Keep This Recording"
        confirmLabel={redoAction === 'record' ? 'Discard and Record Again' : 'Discard Recording'}
        destructive
        onConfirm={redoAction === 'record' ? recordAgain : discardTake}
      />
    </div>
  );
}

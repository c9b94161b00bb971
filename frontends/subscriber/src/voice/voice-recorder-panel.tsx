import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { History, Mic, Play, RotateCcw, Sparkles, Square } from 'lucide-react';
import { VOICE_CONSENT_TEXT } from '@innerecho/contracts';
import { Button, ConfirmDialog, formatClock, serverErrorMessage, toast, useAuth, useNavigate } from '@innerecho/ui';
import { isSubscriptionRequired, sendToPricing } from '../subscription/subscription-required';
import { EngineNote } from './engine-note';
import { dropStoredTake, findStoredTake, storeTake } from './stored-take';
import { SampleSentencesCard } from './sample-sentences-card';
import { useVoiceRecorder } from './use-voice-recorder';
import { voiceProfileQueryKey } from './use-voice-profile';
import { uploadAndClone } from './voice-api';
import { SUGGESTED_RECORDING_SECONDS } from './recording-time';

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
  const consentId = useId();
  const followUp = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

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

  const recording = recorder.state === 'recording';
  const recorded = recorder.state === 'recorded';

  // A finished take brings its next steps (listen, consent, clone) into view.
  useEffect(() => {
    if (recorded && !restored) followUp.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [recorded, restored]);

  const clone = useMutation({
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

  const progress = Math.min(1, recorder.elapsed / SUGGESTED_RECORDING_SECONDS);
  const ring = 2 * Math.PI * 80;

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

      <section
        aria-labelledby="recorder-title"
        css={(t) => ({
          gridArea: 'controls',
          // Phones: a bar pinned to the bottom of the screen while the sentences are read.
          position: 'sticky',
          bottom: 12,
          zIndex: 20,
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          gridTemplateAreas: '"ring text" "ring clock"',
          alignItems: 'center',
          columnGap: 16,
          rowGap: 2,
          padding: '12px 16px',
          borderRadius: t.radii.lg,
          border: `1px solid ${t.colors.borderStrong}`,
          background: t.colors.surfaceRaised,
          boxShadow: t.colors.shadow,
          [t.mq.lg]: {
            position: 'static',
            gridTemplateColumns: 'minmax(0, 1fr)',
            gridTemplateAreas: '"text" "ring" "clock"',
            justifyItems: 'center',
            textAlign: 'center',
            rowGap: 24,
            padding: '28px 28px 8px',
            borderRadius: `${t.radii.lg} ${t.radii.lg} 0 0`,
            border: `1px solid ${t.colors.border}`,
            borderBottom: 'none',
            background: t.colors.surface,
            boxShadow: 'none',
          },
        })}
      >
        <div css={(t) => ({ gridArea: 'text', display: 'grid', gap: 2, alignSelf: 'end', [t.mq.lg]: { gap: 6 } })}>
          <h2 id="recorder-title" css={(t) => ({ fontSize: 18, [t.mq.lg]: { fontSize: 22 } })}>
            {recording ? 'Recording…' : recorded ? 'Your recording' : 'Ready when you are'}
          </h2>
          <p css={(t) => ({ color: t.colors.textMuted, fontSize: 14, [t.mq.lg]: { fontSize: 16 } })}>
            {recording
              ? 'Read all five sentences, then press stop.'
              : recorded
                ? 'Listen back, record again, or clone your voice.'
                : 'Press the button and read the sentences aloud.'}
          </p>
        </div>

        <div
          css={(t) => ({
            gridArea: 'ring',
            position: 'relative',
            width: 84,
            height: 84,
            display: 'grid',
            placeItems: 'center',
            [t.mq.lg]: { width: 168, height: 168 },
          })}
        >
          <svg
            viewBox="0 0 168 168"
            aria-hidden
            css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', transform: 'rotate(-90deg)', pointerEvents: 'none' }}
          >
            <circle cx="84" cy="84" r="80" fill="none" strokeWidth="4" css={(t) => ({ stroke: t.colors.border })} />
            <circle
              cx="84"
              cy="84"
              r="80"
              fill="none"
              strokeWidth="4"
              strokeLinecap="round"
              strokeDasharray={ring}
              strokeDashoffset={ring * (1 - (recording || recorded ? progress : 0))}
              css={(t) => ({ stroke: t.colors.primary, transition: 'stroke-dashoffset 250ms linear' })}
            />
          </svg>
          <button
            type="button"
            onClick={recording ? recorder.stop : recorded ? () => askBeforeRedo('record') : recorder.start}
            aria-label={recording ? 'Stop recording' : recorded ? 'Record again' : 'Start recording'}
            disabled={clone.isPending}
            css={(t) => ({
              width: 66,
              height: 66,
              borderRadius: '50%',
              border: 'none',
              cursor: 'pointer',
              display: 'grid',
              placeItems: 'center',
              color: recording ? t.colors.dangerText : t.colors.primaryText,
              background: recording ? t.colors.danger : t.colors.primary,
              boxShadow: recording ? `0 0 0 6px ${t.colors.dangerSoft}` : `0 0 0 6px ${t.colors.primarySoft}`,
              transition: `background ${t.transition}, box-shadow ${t.transition}, transform ${t.transition}`,
              '& svg': { width: 28, height: 28 },
              [t.mq.lg]: {
                width: 136,
                height: 136,
                boxShadow: recording ? `0 0 0 12px ${t.colors.dangerSoft}` : `0 0 0 12px ${t.colors.primarySoft}`,
                '& svg': { width: 50, height: 50 },
              },
              '&:hover:not(:disabled)': { transform: 'scale(1.03)' },
              '&:focus-visible': { outline: `3px solid ${t.colors.focusRing}`, outlineOffset: 6 },
              '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
              '@media (prefers-reduced-motion: no-preference)': recording ? { animation: 'ie-pulse 1.8s ease-in-out infinite' } : {},
              '@keyframes ie-pulse': {
                '0%, 100%': { boxShadow: `0 0 0 6px ${t.colors.dangerSoft}` },
                '50%': { boxShadow: `0 0 0 14px ${t.colors.dangerSoft}` },
              },
            })}
          >
            {recording ? <Square fill="currentColor" aria-hidden /> : <Mic aria-hidden />}
          </button>
        </div>

        <p
          aria-live="polite"
          css={(t) => ({
            gridArea: 'clock',
            alignSelf: 'start',
            fontFamily: t.fonts.mono,
            fontSize: 16,
            color: recording ? t.colors.text : t.colors.textMuted,
            [t.mq.lg]: { fontSize: 20 },
          })}
        >
          {formatClock(recorder.elapsed)}
          {recording && recorder.elapsed < SUGGESTED_RECORDING_SECONDS ? (
            <span
              css={(t) => ({
                fontFamily: t.fonts.body,
                fontSize: 13,
                color: t.colors.textSubtle,
                marginLeft: 8,
                [t.mq.lg]: { display: 'block', marginLeft: 0, marginTop: 4 },
              })}
            >
              Keep going: about {SUGGESTED_RECORDING_SECONDS - recorder.elapsed} s to go
            </span>
          ) : null}
        </p>
      </section>

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
          <div css={{ display: 'grid', gap: 18, width: '100%', maxWidth: 460 }}>
            {restored ? (
              <p
                role="status"
                css={(t) => ({
                  display: 'flex',
                  gap: 10,
                  alignItems: 'flex-start',
                  textAlign: 'left',
                  fontSize: 14,
                  padding: '12px 14px',
                  borderRadius: t.radii.md,
                  background: t.colors.accentSoft,
                })}
              >
                <History size={18} aria-hidden css={{ flexShrink: 0, marginTop: 1 }} />
                We kept the recording you made earlier. Listen to it, then tick the box and clone your voice.
              </p>
            ) : null}
            <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12 }}>
              <Button variant="secondary" onClick={recorder.play} disabled={clone.isPending}>
                {recorder.isPlaying ? <Square size={16} aria-hidden /> : <Play size={16} aria-hidden />}
                {recorder.isPlaying ? 'Stop Playback' : 'Listen to Recording'}
              </Button>
              <Button variant="outline" onClick={() => askBeforeRedo('reset')} disabled={clone.isPending}>
                <RotateCcw size={16} aria-hidden />
                Re-record
              </Button>
            </div>
            <label
              htmlFor={consentId}
              css={(t) => ({
                display: 'flex',
                gap: 12,
                alignItems: 'flex-start',
                textAlign: 'left',
                fontSize: 14,
                lineHeight: 1.5,
                padding: '14px 16px',
                borderRadius: t.radii.md,
                border: `1px solid ${consent ? t.colors.primary : t.colors.borderStrong}`,
                background: consent ? t.colors.primarySoft : 'transparent',
                cursor: 'pointer',
                transition: `border-color ${t.transition}, background ${t.transition}`,
              })}
            >
              <input
                id={consentId}
                type="checkbox"
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
                css={(t) => ({ width: 18, height: 18, marginTop: 2, flexShrink: 0, accentColor: t.colors.primary })}
              />
              <span>{VOICE_CONSENT_TEXT}</span>
            </label>
            <Button size="lg" onClick={() => clone.mutate()} disabled={!consent} loading={clone.isPending} fullWidth>
              {!clone.isPending ? <Sparkles size={18} aria-hidden /> : null}
              {clone.isPending ? 'Cloning Your Voice...' : 'Clone My Voice'}
            </Button>
            {!consent ? (
              <p css={(t) => ({ fontSize: 13, color: t.colors.textSubtle, marginTop: -8 })}>
                Tick the box above to confirm before cloning.
              </p>
            ) : null}
          </div>
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

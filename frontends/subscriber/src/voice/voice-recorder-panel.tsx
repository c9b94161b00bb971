import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { isSubscriptionRequired, sendToPricing } from '../subscription/subscription-required';
import { Mic, Play, RotateCcw, Sparkles, Square } from 'lucide-react';
import { VOICE_CONSENT_TEXT } from '@innerecho/contracts';
import { Button, Card, formatClock, serverErrorMessage, toast } from '@innerecho/ui';
import { EngineNote } from './engine-note';
import { useVoiceRecorder } from './use-voice-recorder';
import { voiceProfileQueryKey } from './use-voice-profile';
import { uploadAndClone } from './voice-api';

export interface VoiceRecorderPanelProps {
  sessionId: string;
  cloneEngine: 'local' | 'elevenlabs' | undefined;
}

/** Enough speech for the server's check (20 s after trimming silence), with room for pauses. */
const SUGGESTED_SECONDS = 30;

/** The record screen: the big record/stop button, then Listen, Re-record and Clone My Voice. */
export function VoiceRecorderPanel({ sessionId, cloneEngine }: VoiceRecorderPanelProps) {
  const recorder = useVoiceRecorder();
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const clone = useMutation({
    mutationFn: () => uploadAndClone({ blob: recorder.blob, sessionId }),
    onSuccess: async () => {
      toast({ title: 'Voice cloned successfully', description: 'You can now generate affirmations in your voice!', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: voiceProfileQueryKey(sessionId) });
      navigate('/affirmations');
    },
    onError: (error) => {
      if (isSubscriptionRequired(error)) return sendToPricing(error, navigate);
      toast({
        title: 'Voice cloning failed',
        description: serverErrorMessage(error) || (error instanceof Error && error.message) || 'Please try again or contact support',
        variant: 'destructive',
      });
    },
  });

  const recording = recorder.state === 'recording';
  const recorded = recorder.state === 'recorded';
  const progress = Math.min(1, recorder.elapsed / SUGGESTED_SECONDS);

  return (
    <Card css={{ padding: 28, display: 'grid', gap: 24, alignContent: 'start', justifyItems: 'center', textAlign: 'center' }}>
      <div css={{ display: 'grid', gap: 6 }}>
        <h2 css={{ fontSize: 22 }}>{recording ? 'Recording…' : recorded ? 'Your recording' : 'Ready when you are'}</h2>
        <p css={(t) => ({ color: t.colors.textMuted })}>
          {recording
            ? 'Read all five sentences, then press stop.'
            : recorded
              ? 'Listen back, record again, or clone your voice.'
              : 'Press the button and read the sentences aloud.'}
        </p>
      </div>

      <div css={{ position: 'relative', width: 168, height: 168, display: 'grid', placeItems: 'center' }}>
        <svg
          width="168"
          height="168"
          viewBox="0 0 168 168"
          aria-hidden
          css={{ position: 'absolute', inset: 0, transform: 'rotate(-90deg)', pointerEvents: 'none' }}
        >
          <circle cx="84" cy="84" r="80" fill="none" strokeWidth="4" css={(t) => ({ stroke: t.colors.border })} />
          <circle
            cx="84"
            cy="84"
            r="80"
            fill="none"
            strokeWidth="4"
            strokeLinecap="round"
            strokeDasharray={2 * Math.PI * 80}
            strokeDashoffset={2 * Math.PI * 80 * (1 - (recording || recorded ? progress : 0))}
            css={(t) => ({ stroke: t.colors.primary, transition: 'stroke-dashoffset 250ms linear' })}
          />
        </svg>
        <button
          type="button"
          onClick={recording ? recorder.stop : recorder.start}
          aria-label={recording ? 'Stop recording' : recorded ? 'Record again' : 'Start recording'}
          disabled={clone.isPending}
          css={(t) => ({
            width: 136,
            height: 136,
            borderRadius: '50%',
            border: 'none',
            cursor: 'pointer',
            display: 'grid',
            placeItems: 'center',
            color: recording ? t.colors.dangerText : t.colors.primaryText,
            background: recording ? t.colors.danger : t.colors.primary,
            boxShadow: recording ? `0 0 0 12px ${t.colors.dangerSoft}` : `0 0 0 12px ${t.colors.primarySoft}`,
            transition: `background ${t.transition}, box-shadow ${t.transition}, transform ${t.transition}`,
            '&:hover:not(:disabled)': { transform: 'scale(1.03)' },
            '&:focus-visible': { outline: `3px solid ${t.colors.focusRing}`, outlineOffset: 6 },
            '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
            '@media (prefers-reduced-motion: no-preference)': recording ? { animation: 'ie-pulse 1.8s ease-in-out infinite' } : {},
            '@keyframes ie-pulse': {
              '0%, 100%': { boxShadow: `0 0 0 10px ${t.colors.dangerSoft}` },
              '50%': { boxShadow: `0 0 0 20px ${t.colors.dangerSoft}` },
            },
          })}
        >
          {recording ? <Square size={44} fill="currentColor" aria-hidden /> : <Mic size={52} aria-hidden />}
        </button>
      </div>

      <p
        aria-live="polite"
        css={(t) => ({ fontFamily: t.fonts.mono, fontSize: 20, color: recording ? t.colors.text : t.colors.textMuted })}
      >
        {formatClock(recorder.elapsed)}
        {recording && recorder.elapsed < SUGGESTED_SECONDS ? (
          <span css={(t) => ({ display: 'block', fontFamily: t.fonts.body, fontSize: 13, color: t.colors.textSubtle, marginTop: 4 })}>
            Keep going: about {SUGGESTED_SECONDS - recorder.elapsed} s to go
          </span>
        ) : null}
      </p>

      {recorded ? (
        <div css={{ display: 'grid', gap: 18, width: '100%', maxWidth: 460 }}>
          <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12 }}>
            <Button variant="secondary" onClick={recorder.play} disabled={clone.isPending}>
              {recorder.isPlaying ? <Square size={16} aria-hidden /> : <Play size={16} aria-hidden />}
              {recorder.isPlaying ? 'Stop Playback' : 'Listen to Recording'}
            </Button>
            <Button variant="outline" onClick={recorder.reset} disabled={clone.isPending}>
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
            <p css={(t) => ({ fontSize: 13, color: t.colors.textSubtle, marginTop: -8 })}>Tick the box above to confirm before cloning.</p>
          ) : null}
        </div>
      ) : null}

      <EngineNote engine={cloneEngine} />
    </Card>
  );
}

import { Mic, Square } from 'lucide-react';
import { formatClock } from '@innerecho/ui';
import { SUGGESTED_RECORDING_SECONDS } from './recording-time';
import type { RecorderState } from './use-voice-recorder';

export interface RecorderControlProps {
  state: RecorderState;
  elapsed: number;
  disabled: boolean;
  onStart: () => void;
  onStop: () => void;
  onRecordAgain: () => void;
}

const ring = 2 * Math.PI * 80;

/**
 * The record/stop control with its progress ring and clock. On a phone it is a bar pinned to the
 * bottom of the screen while the sentences scroll past; on a wide screen it stands beside them.
 */
export function RecorderControl({ state, elapsed, disabled, onStart, onStop, onRecordAgain }: RecorderControlProps) {
  const recording = state === 'recording';
  const recorded = state === 'recorded';
  const progress = Math.min(1, elapsed / SUGGESTED_RECORDING_SECONDS);
  return (
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
          onClick={recording ? onStop : recorded ? onRecordAgain : onStart}
          aria-label={recording ? 'Stop recording' : recorded ? 'Record again' : 'Start recording'}
          disabled={disabled}
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
        {formatClock(elapsed)}
        {recording && elapsed < SUGGESTED_RECORDING_SECONDS ? (
          <span
            css={(t) => ({
              fontFamily: t.fonts.body,
              fontSize: 13,
              color: t.colors.textSubtle,
              marginLeft: 8,
              [t.mq.lg]: { display: 'block', marginLeft: 0, marginTop: 4 },
            })}
          >
            Keep going: about {SUGGESTED_RECORDING_SECONDS - elapsed} s to go
          </span>
        ) : null}
      </p>
    </section>
  );
}

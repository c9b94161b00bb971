import { Check, Mic, Play, RotateCcw, Square, X } from 'lucide-react';
import { Button, formatClock } from '@innerecho/ui';
import type { useVoiceRecorder } from '../voice/use-voice-recorder';

export interface OwnRecordingTakeProps {
  /** The words to read aloud. */
  text: string;
  recorder: ReturnType<typeof useVoiceRecorder>;
  /** The page or the panel is busy: no new take starts. */
  busy: boolean;
  /** The take is being kept (sent and checked). */
  keeping: boolean;
  /** Why the last take was not kept, in the server's words. */
  problem: string | null;
  onKeep: () => void;
  onCancel: () => void;
}

/** The open recorder of "Record it yourself": the words to read, record, listen back, re-record or keep, cancel. */
export function OwnRecordingTake({ text, recorder, busy, keeping, problem, onKeep, onCancel }: OwnRecordingTakeProps) {
  const isRecording = recorder.state === 'recording';
  const recorded = recorder.state === 'recorded';
  return (
    <div css={{ display: 'grid', gap: 14 }}>
      <p css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>Read these words aloud, slowly and warmly.</p>
      <blockquote
        aria-label="Read aloud"
        css={(t) => ({
          margin: 0,
          padding: '16px 18px',
          borderRadius: t.radii.md,
          background: t.colors.surface,
          border: `1px solid ${t.colors.borderStrong}`,
          fontFamily: t.fonts.heading,
          fontSize: 22,
          lineHeight: 1.5,
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
          maxHeight: '50vh',
          overflowY: 'auto',
          [t.mq.lg]: { fontSize: 26 },
        })}
      >
        {text}
      </blockquote>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 10 }}>
        {isRecording ? (
          <Button variant="destructive" onClick={recorder.stop}>
            <Square size={16} fill="currentColor" aria-hidden />
            Stop Recording
          </Button>
        ) : recorded ? null : (
          <Button onClick={() => void recorder.start()} disabled={busy}>
            <Mic size={16} aria-hidden />
            Start Recording
          </Button>
        )}
        <span aria-live="polite" css={(t) => ({ fontFamily: t.fonts.mono, color: t.colors.textMuted })}>
          {isRecording || recorded ? formatClock(recorder.elapsed) : ''}
        </span>
      </div>
      {recorded ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 10 }}>
          <Button variant="secondary" onClick={recorder.play} disabled={keeping}>
            {recorder.isPlaying ? <Square size={16} aria-hidden /> : <Play size={16} aria-hidden />}
            {recorder.isPlaying ? 'Stop Playback' : 'Listen Back'}
          </Button>
          <Button variant="outline" onClick={() => void recorder.start()} disabled={keeping}>
            <RotateCcw size={16} aria-hidden />
            Re-record
          </Button>
          <Button onClick={onKeep} loading={keeping}>
            {keeping ? null : <Check size={16} aria-hidden />}
            {keeping ? 'Checking Your Recording...' : 'Keep This Recording'}
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p
          role="alert"
          css={(t) => ({
            fontSize: 14,
            color: t.colors.text,
            borderLeft: `3px solid ${t.colors.danger}`,
            padding: '10px 12px',
            borderRadius: t.radii.md,
            background: t.colors.dangerSoft,
          })}
        >
          {problem}
        </p>
      ) : null}
      <div>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={keeping}>
          <X size={16} aria-hidden />
          Cancel
        </Button>
      </div>
    </div>
  );
}

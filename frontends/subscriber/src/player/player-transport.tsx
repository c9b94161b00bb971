import { useEffect, useState, type RefObject } from 'react';
import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { Button } from '@innerecho/ui';
import { SeekBar } from './seek-bar';

/** The skips a listener's thumb reaches for: back a little to hear a line again, forward past a part. */
export const SKIP_BACK_SECONDS = 15;
export const SKIP_FORWARD_SECONDS = 30;

/** '4:05', or '1:02:05' from an hour up: a position in the track. */
export function formatPosition(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** '12 minutes 5 seconds': the position as a screen reader says it. */
function spokenPosition(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (minutes) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (seconds % 60 || parts.length === 0) parts.push(`${seconds % 60} ${seconds % 60 === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}

export interface PlayerTransportProps {
  audio: RefObject<HTMLAudioElement | null>;
  title: string;
}

/**
 * Play and pause, skips of 15 s back and 30 s forward, and a seek bar as wide as the player:
 * on a 390 px phone an hour-long track gets about 340 px, some 11 seconds a pixel, so a tap
 * lands within a few seconds of the minute aimed at (the browser's own controls left the
 * bar about 55 px wide there). A tap lands where the bar is drawn (see SeekBar).
 */
export function PlayerTransport({ audio, title }: PlayerTransportProps) {
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [paused, setPaused] = useState(true);
  const [dragging, setDragging] = useState<number | null>(null);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const sync = () => {
      setPosition(element.currentTime);
      setDuration(Number.isFinite(element.duration) ? element.duration : 0);
      setPaused(element.paused);
    };
    sync();
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'play', 'pause', 'ended', 'seeked', 'emptied'];
    for (const name of events) element.addEventListener(name, sync);
    return () => {
      for (const name of events) element.removeEventListener(name, sync);
    };
  }, [audio]);

  const seekTo = (seconds: number) => {
    const element = audio.current;
    if (!element || !Number.isFinite(element.duration)) return;
    element.currentTime = Math.min(Math.max(0, seconds), element.duration);
    setPosition(element.currentTime);
  };
  const skip = (offset: number) => seekTo((audio.current?.currentTime ?? 0) + offset);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };

  const shown = dragging ?? position;
  const ready = duration > 0;

  return (
    <div css={{ display: 'grid', gap: 10 }}>
      <div css={{ display: 'grid', gap: 2 }}>
        <SeekBar
          title={title}
          shown={shown}
          duration={duration}
          valueText={`${spokenPosition(shown)} of ${spokenPosition(duration)}`}
          onSeek={(seconds) => {
            setDragging(seconds);
            seekTo(seconds);
          }}
          onRelease={() => setDragging(null)}
          onMinute={skip}
        />
        <div
          aria-hidden
          css={(t) => ({
            display: 'flex',
            justifyContent: 'space-between',
            fontSize: 13,
            color: t.colors.textMuted,
            fontVariantNumeric: 'tabular-nums',
          })}
        >
          <span data-testid="player-position">{formatPosition(shown)}</span>
          <span>{ready ? `-${formatPosition(duration - shown)}` : '--:--'}</span>
        </div>
      </div>
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 16 }}>
        <Button
          variant="outline"
          onClick={() => skip(-SKIP_BACK_SECONDS)}
          disabled={!ready}
          aria-label={`Back ${SKIP_BACK_SECONDS} seconds`}
        >
          <RotateCcw size={18} aria-hidden />
          <span aria-hidden>{SKIP_BACK_SECONDS}</span>
        </Button>
        <Button
          onClick={toggle}
          aria-label={paused ? `Play ${title}` : `Pause ${title}`}
          css={{ width: 56, height: 56, minHeight: 56, padding: 0, borderRadius: '50%' }}
        >
          {paused ? <Play size={24} aria-hidden /> : <Pause size={24} aria-hidden />}
        </Button>
        <Button
          variant="outline"
          onClick={() => skip(SKIP_FORWARD_SECONDS)}
          disabled={!ready}
          aria-label={`Forward ${SKIP_FORWARD_SECONDS} seconds`}
        >
          <span aria-hidden>{SKIP_FORWARD_SECONDS}</span>
          <RotateCw size={18} aria-hidden />
        </Button>
      </div>
    </div>
  );
}

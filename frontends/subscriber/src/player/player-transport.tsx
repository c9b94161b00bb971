import { useEffect, useId, useState, type RefObject } from 'react';
import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { Button, visuallyHidden } from '@innerecho/ui';

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
 * bar about 55 px wide there). The bar is a native range input: arrows move 5 s, Page Up
 * and Page Down a minute.
 */
export function PlayerTransport({ audio, title }: PlayerTransportProps) {
  const seekId = useId();
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
  const filled = ready ? Math.min(100, (shown / duration) * 100) : 0;

  return (
    <div css={{ display: 'grid', gap: 10 }}>
      <div css={{ display: 'grid', gap: 2 }}>
        <label htmlFor={seekId} css={visuallyHidden}>
          Position in {title}
        </label>
        <input
          id={seekId}
          type="range"
          min={0}
          max={ready ? Math.floor(duration) : 0}
          step={1}
          value={Math.floor(shown)}
          disabled={!ready}
          aria-valuetext={`${spokenPosition(shown)} of ${spokenPosition(duration)}`}
          onChange={(event) => {
            const seconds = Number(event.currentTarget.value);
            setDragging(seconds);
            seekTo(seconds);
          }}
          onPointerUp={() => setDragging(null)}
          onBlur={() => setDragging(null)}
          onKeyDown={(event) => {
            // A minute at a time from the keyboard, for long tracks.
            if (event.key === 'PageUp' || event.key === 'PageDown') {
              event.preventDefault();
              skip(event.key === 'PageUp' ? 60 : -60);
            }
          }}
          css={(t) => ({
            width: '100%',
            height: 36,
            margin: 0,
            appearance: 'none',
            background: 'transparent',
            cursor: ready ? 'pointer' : 'default',
            touchAction: 'none',
            // The track's edge is a shadow, not a border: a border narrows the track a tap is
            // read against, and taps on an hour-long track landed up to 20 s past the moment
            // aimed at.
            '&::-webkit-slider-runnable-track': {
              height: 8,
              borderRadius: 999,
              background: `linear-gradient(to right, ${t.colors.primary} ${filled}%, ${t.colors.surfaceSunken} ${filled}%)`,
              boxShadow: `inset 0 0 0 1px ${t.colors.border}`,
            },
            '&::-webkit-slider-thumb': {
              appearance: 'none',
              width: 22,
              height: 22,
              marginTop: -7,
              borderRadius: '50%',
              background: t.colors.primary,
              border: `3px solid ${t.colors.surface}`,
              boxShadow: '0 1px 4px rgba(0,0,0,0.35)',
            },
            '&::-moz-range-track': { height: 8, borderRadius: 999, background: t.colors.surfaceSunken },
            '&::-moz-range-progress': { height: 8, borderRadius: 999, background: t.colors.primary },
            '&::-moz-range-thumb': { width: 18, height: 18, borderRadius: '50%', background: t.colors.primary, border: 0 },
            '&:focus-visible': { outline: `2px solid ${t.colors.focusRing}`, outlineOffset: 4, borderRadius: 8 },
          })}
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

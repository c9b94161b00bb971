import { useId } from 'react';
import { visuallyHidden } from '@innerecho/ui';

/**
 * The thumb's width. A range input reads a tap against the path the thumb's centre travels,
 * half a thumb in from each end, so the bar is drawn exactly there: a tap on the drawn bar at
 * 10 of 60 minutes lands at 10 minutes. (Drawn edge to edge, the bar was a thumb wider than
 * the path, and on a 390 px phone taps on an hour-long track landed up to a minute and a half
 * from the moment aimed at.)
 */
const THUMB = 22;
const TRACK_HEIGHT = 8;
const HEIGHT = 36;

/** Whole minutes between the marks under the bar: at most six marks, on a round number of minutes. */
const MARK_STEPS_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120];

/** The minutes marked under a track of this length (none under two minutes; the ends are not marked). */
export function minuteMarks(durationSeconds: number): number[] {
  const minutes = durationSeconds / 60;
  if (minutes < 2) return [];
  const step = MARK_STEPS_MINUTES.find((s) => minutes / s <= 6) ?? MARK_STEPS_MINUTES.at(-1)!;
  const marks: number[] = [];
  for (let m = step; m < minutes - step / 4; m += step) marks.push(m);
  return marks;
}

/** '10 min', '1 h', '1 h 30': how a mark under the bar reads. */
function markLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60}` : `${hours} h`;
}

/** Where on the bar a moment is, as a CSS length: the thumb's path, half a thumb in from each end. */
const along = (fraction: number) => `calc(${THUMB / 2}px + (100% - ${THUMB}px) * ${fraction})`;

export interface SeekBarProps {
  title: string;
  /** Where the track is, in seconds. */
  shown: number;
  /** The track's length in seconds (0 while unknown). */
  duration: number;
  /** The spoken position, '12 minutes 5 seconds of 1 hour'. */
  valueText: string;
  onSeek: (seconds: number) => void;
  onRelease: () => void;
  /** Page Up and Page Down: a minute on or back. */
  onMinute: (offset: number) => void;
}

/**
 * The seek bar: a native range input (arrows move a second, Page Up and Page Down a minute)
 * over a bar drawn where the input reads a tap, with minute marks under it.
 */
export function SeekBar({ title, shown, duration, valueText, onSeek, onRelease, onMinute }: SeekBarProps) {
  const id = useId();
  const ready = duration > 0;
  const fraction = ready ? Math.min(1, shown / duration) : 0;
  const marks = ready ? minuteMarks(duration) : [];
  return (
    // Half a thumb out past each side, so the drawn bar is as wide as the player and the thumb at
    // either end sits over the player's padding.
    <div css={{ position: 'relative', height: HEIGHT + (marks.length ? 16 : 0), margin: `0 -${THUMB / 2}px` }}>
      <label htmlFor={id} css={visuallyHidden}>
        Position in {title}
      </label>
      <div
        aria-hidden
        data-testid="seek-track"
        css={(t) => ({
          position: 'absolute',
          left: THUMB / 2,
          right: THUMB / 2,
          top: (HEIGHT - TRACK_HEIGHT) / 2,
          height: TRACK_HEIGHT,
          borderRadius: 999,
          background: `linear-gradient(to right, ${t.colors.primary} ${fraction * 100}%, ${t.colors.surfaceSunken} ${fraction * 100}%)`,
          boxShadow: `inset 0 0 0 1px ${t.colors.border}`,
        })}
      />
      {marks.map((minute) => (
        <span key={minute} aria-hidden css={{ position: 'absolute', left: along((minute * 60) / duration), top: 0, height: '100%' }}>
          <span
            css={(t) => ({
              position: 'absolute',
              left: -0.5,
              top: (HEIGHT - TRACK_HEIGHT) / 2 - 3,
              width: 1,
              height: TRACK_HEIGHT + 6,
              background: t.colors.textMuted,
            })}
          />
          <span
            css={(t) => ({
              position: 'absolute',
              top: HEIGHT - 4,
              transform: 'translateX(-50%)',
              whiteSpace: 'nowrap',
              fontSize: 11,
              color: t.colors.textMuted,
              fontVariantNumeric: 'tabular-nums',
            })}
          >
            {markLabel(minute)}
          </span>
        </span>
      ))}
      <input
        id={id}
        type="range"
        min={0}
        max={ready ? Math.floor(duration) : 0}
        step={1}
        value={Math.floor(shown)}
        disabled={!ready}
        aria-valuetext={valueText}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        onPointerUp={onRelease}
        onBlur={onRelease}
        onKeyDown={(event) => {
          if (event.key === 'PageUp' || event.key === 'PageDown') {
            event.preventDefault();
            onMinute(event.key === 'PageUp' ? 60 : -60);
          }
        }}
        css={(t) => ({
          position: 'absolute',
          inset: '0 0 auto 0',
          width: '100%',
          height: HEIGHT,
          margin: 0,
          padding: 0,
          appearance: 'none',
          background: 'transparent',
          cursor: ready ? 'pointer' : 'default',
          touchAction: 'none',
          // The input's own track is invisible and as wide as the input; the drawn bar beneath it shows.
          '&::-webkit-slider-runnable-track': { height: TRACK_HEIGHT, background: 'transparent', border: 0 },
          '&::-webkit-slider-thumb': {
            appearance: 'none',
            width: THUMB,
            height: THUMB,
            marginTop: (TRACK_HEIGHT - THUMB) / 2,
            borderRadius: '50%',
            background: t.colors.primary,
            border: `3px solid ${t.colors.surface}`,
            boxShadow: '0 1px 4px rgba(0,0,0,0.35)',
          },
          '&::-moz-range-track': { height: TRACK_HEIGHT, background: 'transparent', border: 0 },
          '&::-moz-range-thumb': {
            boxSizing: 'border-box',
            width: THUMB,
            height: THUMB,
            borderRadius: '50%',
            background: t.colors.primary,
            border: `3px solid ${t.colors.surface}`,
          },
          '&:focus-visible': { outline: `2px solid ${t.colors.focusRing}`, outlineOffset: 4, borderRadius: 8 },
        })}
      />
    </div>
  );
}

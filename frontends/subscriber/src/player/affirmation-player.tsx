import { useEffect, useId, useRef, useState } from 'react';
import { Moon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Select, toast } from '@innerecho/ui';
import { recordPlay, streakQueryKey } from '../listening-streak/listening-streak-api';
import { SpeedControl } from '../generate/speed-control';
import { applyPlaybackRate, usePlaybackRate } from '../saved/use-saved-speed';
import { PlayerTransport } from './player-transport';
import { SpeedPresets } from './speed-presets';
import { SLEEP_TIMER_OPTIONS, formatTimeLeft, rememberPosition, rememberedPosition } from './sleep-timer';
import { useMediaSession } from './use-media-session';
import { useSleepTimer } from './use-sleep-timer';

export interface AffirmationPlayerProps {
  src: string;
  title: string;
  category: string | null;
  speed: number;
  onSpeedChange: (speed: number) => void;
  /** The saved affirmation's id: where the listener stopped is remembered on this device. */
  rememberAs?: string | null;
  autoPlay?: boolean;
  testId?: string;
}

/** How often the position is written down while playing, in seconds of audio. */
const REMEMBER_EVERY_SECONDS = 5;

/**
 * The one player for long listening, used by the Saved list and the generated preview: its
 * own controls made for a thumb on a phone (play, 15 s back, 30 s forward, a seek bar as wide
 * as the player), the playback speed by preset or in fine steps (kept with the saved affirmation), a sleep timer that fades the last 10 seconds out, Media Session metadata and
 * actions for lock screens and headsets, and, for a saved affirmation, the position where the
 * listener stopped, on this device.
 */
export function AffirmationPlayer({ src, title, category, speed, onSpeedChange, rememberAs, autoPlay, testId }: AffirmationPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const timerId = useId();
  const { sleep, left, chooseSleep } = useSleepTimer(audio);
  const [playing, setPlaying] = useState(false);
  const lastRemembered = useRef(0);
  const counted = useRef(false);
  const queryClient = useQueryClient();
  usePlaybackRate(audio, speed);
  const { claimMediaSession, updatePositionState } = useMediaSession(audio, title, category);

  const remember = (force = false) => {
    const element = audio.current;
    if (!rememberAs || !element || !Number.isFinite(element.duration)) return;
    if (!force && Math.abs(element.currentTime - lastRemembered.current) < REMEMBER_EVERY_SECONDS) return;
    lastRemembered.current = element.currentTime;
    rememberPosition(rememberAs, element.currentTime, element.duration);
  };

  // A player that goes away stops announcing itself to the lock screen.
  useEffect(
    () => () => {
      if ('mediaSession' in navigator && playing) navigator.mediaSession.playbackState = 'none';
    },
    [playing],
  );

  return (
    <div css={{ display: 'grid', gap: 12 }}>
      <audio
        ref={audio}
        autoPlay={autoPlay}
        preload="metadata"
        src={src}
        aria-label={`Player: ${title}`}
        data-testid={testId}
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          applyPlaybackRate(element, speed);
          if (rememberAs) {
            const from = rememberedPosition(rememberAs, element.duration);
            if (from > 0) element.currentTime = from;
          }
          updatePositionState();
        }}
        onPlay={() => {
          setPlaying(true);
          // The first play of a saved affirmation in this player counts today for the streak.
          if (rememberAs && !counted.current) {
            counted.current = true;
            recordPlay(rememberAs).then(
              (streak) => queryClient.setQueryData(streakQueryKey(), streak),
              (error: unknown) => console.warn('the play could not be counted', error),
            );
          }
          claimMediaSession();
          if ('mediaSession' in navigator) navigator.mediaSession.playbackState = 'playing';
        }}
        onPause={() => {
          setPlaying(false);
          if ('mediaSession' in navigator) navigator.mediaSession.playbackState = 'paused';
          remember(true);
        }}
        onEnded={() => rememberAs && rememberPosition(rememberAs, 0, 0)}
        onTimeUpdate={() => {
          remember();
          updatePositionState();
        }}
        onRateChange={updatePositionState}
        onError={() => toast({ title: 'Playback failed', description: 'Please try again', variant: 'destructive' })}
      >
        Your browser does not support the audio element.
      </audio>
      <PlayerTransport audio={audio} title={title} />
      <div css={{ display: 'grid', gap: 8 }}>
        <SpeedControl value={speed} onValueChange={onSpeedChange} />
        <SpeedPresets value={speed} onValueChange={onSpeedChange} />
      </div>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '12px 20px' }}>
        <div css={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <label
            htmlFor={timerId}
            css={(t) => ({ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 14, color: t.colors.textMuted })}
          >
            <Moon size={15} aria-hidden />
            Sleep timer
          </label>
          <div css={{ width: 160 }}>
            <Select id={timerId} value={sleep} onValueChange={chooseSleep} options={SLEEP_TIMER_OPTIONS} />
          </div>
        </div>
      </div>
      <p role="status" css={(t) => ({ fontSize: 13, color: t.colors.textSubtle, minHeight: '1.4em', margin: 0 })}>
        {sleep === 'off'
          ? ''
          : left === null
            ? 'Sleep timer set: it starts counting once the track has loaded.'
            : `Stops in ${formatTimeLeft(left)}${left <= 10 ? ', fading out' : ''}`}
      </p>
    </div>
  );
}

import { useCallback, type RefObject } from 'react';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from './player-transport';

/** The app's mark, shown by lock screens and headsets next to the title. */
const ARTWORK: MediaImage[] = [
  {
    src: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='9' fill='%23201b2c'/%3E%3Cpath d='M9 19v-6M13 22V10M17 20v-8M21 23V9M25 18v-4' stroke='%23f2b880' stroke-width='2.4' stroke-linecap='round'/%3E%3C/svg%3E",
    sizes: '512x512',
    type: 'image/svg+xml',
  },
];

/**
 * What lock screens and headsets show and do for the player: its title and artwork, play,
 * pause, stop and seeking (`claimMediaSession`, on each play), and where it is in the track
 * (`updatePositionState`).
 */
export function useMediaSession(audio: RefObject<HTMLAudioElement | null>, title: string, category: string | null) {
  const claimMediaSession = useCallback(() => {
    const element = audio.current;
    if (!element || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({ title, artist: 'InnerEcho', album: category ?? 'Affirmation', artwork: ARTWORK });
    const seekBy = (offset: number) => {
      element.currentTime = Math.min(Math.max(0, element.currentTime + offset), element.duration || 0);
    };
    const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void element.play()],
      ['pause', () => element.pause()],
      [
        'stop',
        () => {
          element.pause();
          element.currentTime = 0;
        },
      ],
      ['seekto', (details) => details.seekTime !== undefined && (element.currentTime = details.seekTime)],
      ['seekbackward', (details) => seekBy(-(details.seekOffset ?? SKIP_BACK_SECONDS))],
      ['seekforward', (details) => seekBy(details.seekOffset ?? SKIP_FORWARD_SECONDS)],
    ];
    for (const [action, handler] of actions) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know: the others still work.
      }
    }
  }, [audio, title, category]);

  const updatePositionState = () => {
    const element = audio.current;
    if (!element || !('mediaSession' in navigator) || !Number.isFinite(element.duration)) return;
    try {
      navigator.mediaSession.setPositionState({
        duration: element.duration,
        position: Math.min(element.currentTime, element.duration),
        playbackRate: element.playbackRate,
      });
    } catch {
      // A position the browser refuses (during a seek) is set again on the next update.
    }
  };

  return { claimMediaSession, updatePositionState };
}

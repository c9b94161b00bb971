import { useEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getSessionId, serverErrorMessage, toast } from '@innerecho/ui';
import { SPEED_DEFAULT, saveAffirmationSpeed, savedAffirmationsQueryKey } from '../generate/generation-api';

/** Presses of − and + within this long are saved once. */
const SAVE_AFTER_MS = 600;

/**
 * The playback speed of a saved affirmation: changed at once in the player, kept with the saved
 * item on the server shortly after the last change, so its player and label use it next time.
 */
export function useSavedSpeed(savedId: string | null, initial: number = SPEED_DEFAULT) {
  const [speed, setSpeed] = useState(initial);
  const saved = useRef(initial);
  const queryClient = useQueryClient();

  // A newer speed from the server (kept from another player or tab) replaces the shown one.
  useEffect(() => {
    if (initial === saved.current) return;
    saved.current = initial;
    setSpeed(initial);
  }, [initial]);

  useEffect(() => {
    if (!savedId || speed === saved.current) return;
    const timer = window.setTimeout(() => {
      saveAffirmationSpeed(savedId, speed)
        .then(() => {
          saved.current = speed;
          return queryClient.invalidateQueries({ queryKey: savedAffirmationsQueryKey(getSessionId()) });
        })
        .catch((error: unknown) =>
          toast({
            title: 'Speed not saved',
            description: serverErrorMessage(error) ?? 'The new speed plays now, but could not be kept. Please try again.',
            variant: 'destructive',
          }),
        );
    }, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [savedId, speed, queryClient]);

  return [speed, setSpeed] as const;
}

/**
 * Plays an <audio> at `speed` with the voice's pitch kept. Also set on loadedmetadata
 * (`onLoadedMetadata={(e) => applyPlaybackRate(e.currentTarget, speed)}`): loading a source
 * resets the rate.
 */
export function applyPlaybackRate(audio: HTMLAudioElement, speed: number) {
  audio.playbackRate = speed;
  audio.preservesPitch = true;
}

export function usePlaybackRate(audio: RefObject<HTMLAudioElement | null>, speed: number) {
  useEffect(() => {
    if (audio.current) applyPlaybackRate(audio.current, speed);
  }, [audio, speed]);
}

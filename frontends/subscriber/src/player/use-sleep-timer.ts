import { useEffect, useState, type RefObject } from 'react';
import { toast } from '@innerecho/ui';
import { secondsUntilSleep, sleepVolume, type SleepTimerChoice } from './sleep-timer';

/**
 * The player's sleep timer: the choice, the seconds left (null until the track has loaded), and
 * `chooseSleep` to set it. While set it is checked four times a second; the volume follows the
 * time left through the last 10 seconds, then playback stops and the timer turns off.
 */
export function useSleepTimer(audio: RefObject<HTMLAudioElement | null>) {
  const [sleep, setSleep] = useState<SleepTimerChoice>('off');
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    if (sleep === 'off') {
      setLeft(null);
      if (audio.current) audio.current.volume = 1;
      return;
    }
    const tick = () => {
      const element = audio.current;
      if (!element) return;
      const seconds = secondsUntilSleep(sleep, {
        now: Date.now(),
        deadline,
        currentTime: element.currentTime,
        duration: element.duration,
        playbackRate: element.playbackRate,
      });
      setLeft(seconds);
      if (seconds === null) return;
      if (seconds <= 0) {
        element.pause();
        element.volume = 1;
        setSleep('off');
        setDeadline(null);
        toast({ title: 'Sleep timer', description: 'Playback stopped. Sleep well.' });
        return;
      }
      if (!element.paused) element.volume = sleepVolume(seconds);
    };
    tick();
    const interval = window.setInterval(tick, 250);
    return () => window.clearInterval(interval);
  }, [audio, sleep, deadline]);

  const chooseSleep = (value: string) => {
    const choice = value as SleepTimerChoice;
    setSleep(choice);
    setDeadline(choice === 'off' || choice === 'end' ? null : Date.now() + Number(choice) * 60_000);
    if (audio.current) audio.current.volume = 1;
  };

  return { sleep, left, chooseSleep };
}

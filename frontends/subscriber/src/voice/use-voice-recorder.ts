import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@innerecho/ui';

export type RecorderState = 'idle' | 'recording' | 'recorded';

/** The container the browser records in; the upload is always sent as audio/webm. */
function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm'].find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Recording goes idle, then recording, then recorded (a blob and a playback URL). Stopping
 * while paused resumes then stops; stopping in any other state logs the problem and clears the
 * recording flag. A take kept from an earlier visit can be put back (`restore`).
 */
export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [blob, setBlob] = useState<Blob | null>(null);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [isPlaying, setIsPlaying] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);

  const stopTracks = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  };

  const clearRecording = useCallback(() => {
    player.current?.pause();
    player.current = null;
    setIsPlaying(false);
    setAudioUrl((url) => {
      if (url) URL.revokeObjectURL(url);
      return null;
    });
    setBlob(null);
    setElapsed(0);
    setState('idle');
  }, []);

  useEffect(
    () => () => {
      stopTracks();
      player.current?.pause();
    },
    [],
  );
  useEffect(() => () => void (audioUrl && URL.revokeObjectURL(audioUrl)), [audioUrl]);

  const start = useCallback(async () => {
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (error) {
      console.warn('microphone refused', error);
      toast({
        title: 'Microphone access denied',
        description: 'Please allow microphone access to record your voice',
        variant: 'destructive',
      });
      return;
    }
    clearRecording();
    stream.current = media;
    const mimeType = pickMimeType();
    const rec = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      stopTracks();
      const recorded = new Blob(chunks, { type: 'audio/webm' });
      setBlob(recorded);
      setAudioUrl(URL.createObjectURL(recorded));
      setState('recorded');
      toast({ title: 'Recording complete', description: 'You can now listen to your recording or re-record' });
    };
    recorder.current = rec;
    rec.start(1000);
    const startedAt = Date.now();
    setElapsed(0);
    timer.current = window.setInterval(() => setElapsed(Math.floor((Date.now() - startedAt) / 1000)), 250);
    setState('recording');
    toast({ title: 'Recording started', description: 'Speak slowly and soulfully' });
  }, [clearRecording]);

  const stop = useCallback(() => {
    const rec = recorder.current;
    if (rec?.state === 'recording') rec.stop();
    else if (rec?.state === 'paused') {
      rec.resume();
      rec.stop();
    } else {
      console.warn('stop called while not recording', rec?.state);
      stopTracks();
      setState((s) => (s === 'recording' ? 'idle' : s));
    }
  }, []);

  const play = useCallback(() => {
    if (!audioUrl) return;
    if (player.current && isPlaying) {
      player.current.pause();
      player.current.currentTime = 0;
      setIsPlaying(false);
      return;
    }
    const failed = () => {
      setIsPlaying(false);
      toast({
        title: 'Playback failed',
        description: 'Unable to play the recording. The audio format may not be supported by your browser.',
        variant: 'destructive',
      });
    };
    const audio = new Audio(audioUrl);
    player.current = audio;
    audio.onended = () => setIsPlaying(false);
    audio.onerror = failed;
    setIsPlaying(true);
    audio.play().catch(failed);
  }, [audioUrl, isPlaying]);

  const restore = useCallback((take: Blob, seconds: number) => {
    setBlob(take);
    setAudioUrl(URL.createObjectURL(take));
    setElapsed(seconds);
    setState('recorded');
  }, []);

  return { state, blob, audioUrl, elapsed, isPlaying, start, stop, play, restore, reset: clearRecording };
}

import { useEffect, useRef, useState } from 'react';
import { applyPlaybackRate, usePlaybackRate, useSavedSpeed } from '../saved/use-saved-speed';
import { CheckCircle2, Download, Library } from 'lucide-react';
import { AnchorButton, Card, CardTitle, LinkButton, formatDuration, toast } from '@innerecho/ui';
import { SpeedControl } from './speed-control';

export interface GeneratedAudioPreviewProps {
  audioUrl: string;
  /** The saved item this audio is; the speed chosen here is kept with it. */
  savedId: string | null;
  durationSeconds: number;
  musicTitle: string | null;
}

/** The generated state: player, speed (kept with the saved item), Download MP3, View Saved Affirmations, details. */
export function GeneratedAudioPreview({ audioUrl, savedId, durationSeconds, musicTitle }: GeneratedAudioPreviewProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const [speed, setSpeed] = useSavedSpeed(savedId);
  // One name per generated file, fixed when it arrives.
  const [fileName] = useState(() => `affirmation-${Date.now()}.mp3`);

  // On a phone the preview lands below the settings: bring it into view once.
  useEffect(() => {
    card.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, []);

  // Faster or slower, the voice keeps its pitch.
  usePlaybackRate(audio, speed);

  return (
    <Card ref={card} aria-labelledby="preview-title" css={{ display: 'grid', gap: 20 }}>
      <div css={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' }}>
        <CardTitle id="preview-title" as="h2">
          Your Affirmation
        </CardTitle>
        <span css={(t) => ({ display: 'inline-flex', alignItems: 'center', gap: 6, color: t.colors.success, fontSize: 14 })}>
          <CheckCircle2 size={16} aria-hidden />
          Saved to Your Library
        </span>
      </div>
      <audio
        ref={audio}
        controls
        src={audioUrl}
        data-testid="generated-audio"
        onLoadedMetadata={(e) => applyPlaybackRate(e.currentTarget, speed)}
        css={{ width: '100%' }}
      >
        Your browser does not support the audio element.
      </audio>
      <SpeedControl value={speed} onValueChange={setSpeed} />
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        <AnchorButton href={audioUrl} download={fileName} onClick={() => toast({ title: 'Downloading' })}>
          <Download size={18} aria-hidden />
          Download MP3
        </AnchorButton>
        <LinkButton to="/affirmations?tab=saved" variant="outline">
          <Library size={18} aria-hidden />
          View Saved Affirmations
        </LinkButton>
      </div>
      <dl
        aria-label="Audio details"
        css={(t) => ({
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          gap: '8px 20px',
          margin: 0,
          padding: 16,
          borderRadius: t.radii.md,
          background: t.colors.surfaceSunken,
          border: `1px solid ${t.colors.border}`,
          fontSize: 14,
          dt: { color: t.colors.textSubtle },
          dd: { margin: 0 },
        })}
      >
        <dt>Duration</dt>
        <dd>{formatDuration(durationSeconds)}</dd>
        <dt>Background music</dt>
        <dd>{musicTitle ?? 'None'}</dd>
      </dl>
    </Card>
  );
}

import { useEffect, useRef, useState } from 'react';
import { AffirmationPlayer } from '../player/affirmation-player';
import { useSavedSpeed } from '../saved/use-saved-speed';
import { CheckCircle2, Download, Library } from 'lucide-react';
import { AnchorButton, Card, CardTitle, LinkButton, formatDuration, toast } from '@innerecho/ui';
import { balanceLabel } from './balance-control';
import { voiceLabel } from './generation-api';

export interface GeneratedAudioPreviewProps {
  audioUrl: string;
  /** The saved affirmation this audio is; the speed chosen here is kept with it. */
  savedId: string | null;
  durationSeconds: number;
  musicTitle: string | null;
  voice: 'own' | 'cloned';
  /** With music: the balance (dB the music sits below the voice). */
  balance: number | null;
  /** For the lock screen and headset: what is playing. */
  title: string;
  category: string | null;
  /** The card's heading: 'Your Affirmation', or 'Your Session' for an affirmation session. */
  heading?: string;
}

/** The generated state: player, speed (kept with the saved affirmation), Download MP3, View Saved Affirmations, details. */
export function GeneratedAudioPreview({
  audioUrl,
  savedId,
  durationSeconds,
  musicTitle,
  voice,
  balance,
  title,
  category,
  heading = 'Your Affirmation',
}: GeneratedAudioPreviewProps) {
  const card = useRef<HTMLDivElement>(null);
  const [speed, setSpeed] = useSavedSpeed(savedId);
  // One name per generated file, fixed when it arrives.
  const [fileName] = useState(() => `affirmation-${Date.now()}.mp3`);

  // On a phone the preview lands below the settings: bring it into view once.
  useEffect(() => {
    card.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, []);

  return (
    <Card ref={card} aria-labelledby="preview-title" css={{ display: 'grid', gap: 20 }}>
      <div css={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' }}>
        <CardTitle id="preview-title" as="h2">
          {heading}
        </CardTitle>
        <span css={(t) => ({ display: 'inline-flex', alignItems: 'center', gap: 6, color: t.colors.success, fontSize: 14 })}>
          <CheckCircle2 size={16} aria-hidden />
          Saved to Your Library
        </span>
      </div>
      <AffirmationPlayer
        src={audioUrl}
        title={title}
        category={category}
        speed={speed}
        onSpeedChange={setSpeed}
        rememberAs={savedId}
        testId="generated-audio"
      />
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
        {balance !== null ? (
          <>
            <dt>Balance</dt>
            <dd>{balanceLabel(balance)}</dd>
          </>
        ) : null}
        <dt>Voice</dt>
        <dd>{voiceLabel(voice)}</dd>
      </dl>
    </Card>
  );
}

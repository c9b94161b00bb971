import { Badge, Button, Card, LinkButton, Skeleton } from '@innerecho/ui';
import { AddToSessionButton } from '../affirmation-session/add-to-session-button';
import type { TranscriptView } from '@innerecho/contracts';

export interface AffirmationCardProps {
  transcript: TranscriptView;
  onViewFull: (transcript: TranscriptView) => void;
  /** The primary action's label: 'Use This Affirmation' in the library, 'Use in My Voice' on creator pages. */
  useLabel?: string;
  /** A play-count badge (the creator page's top affirmations). */
  showPlays?: boolean;
}

export function AffirmationCard({ transcript, onViewFull, useLabel = 'Use This Affirmation', showPlays }: AffirmationCardProps) {
  return (
    <Card
      as="article"
      aria-labelledby={`affirmation-${transcript.id}`}
      css={{ display: 'flex', flexDirection: 'column', gap: 12, height: '100%' }}
    >
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Badge variant="accent">{transcript.category}</Badge>
        {showPlays ? <Badge variant="outline">{playsLabel(transcript.playCount)}</Badge> : null}
      </div>
      <h3 id={`affirmation-${transcript.id}`} css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 19, lineHeight: 1.3, margin: 0 })}>
        {transcript.title}
      </h3>
      <p
        css={(t) => ({
          color: t.colors.textMuted,
          lineHeight: 1.6,
          margin: 0,
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          flex: 1,
        })}
      >
        {transcript.content}
      </p>
      <div css={cardActions}>
        <Button variant="outline" size="sm" onClick={() => onViewFull(transcript)}>
          View Full Content
        </Button>
        <LinkButton size="sm" to={`/generate/${transcript.id}`}>
          {useLabel}
        </LinkButton>
        {/* A row of its own, so cards look alike whether the label says Add to Session or In Session. */}
        <AddToSessionButton fullWidth pick={{ affirmationId: transcript.id, title: transcript.title }} />
      </div>
    </Card>
  );
}

/**
 * Two actions side by side while their labels fit on one line each; when the column is too
 * narrow for both, each takes a full row (a label broken inside its pill reads badly). On
 * phones the labels step down a size, so a library card at 390 px keeps both on one row.
 */
export const cardActions = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
  marginTop: 4,
  // Doubled class: more specific than the button's own padding and size.
  '&& > *': { flex: '1 1 auto', whiteSpace: 'nowrap', textAlign: 'center', paddingInline: 10 },
  '@media (max-width: 480px)': { '&& > *': { fontSize: 13, paddingInline: 8 } },
} as const;

export const playsLabel = (n: number) => `${n} ${n === 1 ? 'play' : 'plays'}`;

/** The shape of a card while the library loads. */
export function AffirmationCardSkeleton() {
  return (
    <Card aria-hidden css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Skeleton width={140} height={22} radius={999} />
      <Skeleton width="70%" height={22} />
      <Skeleton height={14} />
      <Skeleton height={14} />
      <Skeleton width="55%" height={14} />
      <div css={{ display: 'flex', gap: 8, marginTop: 4 }}>
        <Skeleton width={140} height={34} radius={999} />
        <Skeleton width={170} height={34} radius={999} />
      </div>
    </Card>
  );
}

export const cardGrid = { display: 'grid', gap: 20, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' } as const;

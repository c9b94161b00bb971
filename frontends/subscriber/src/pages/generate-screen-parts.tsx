import type { Theme } from '@emotion/react';
import { Sparkles } from 'lucide-react';
import { Badge, Button, EmptyState, LinkButton, Skeleton } from '@innerecho/ui';
import { RenderQueuePlace } from '../generate/render-queue-place';

/** The parts of the generate screen: its loading shape, a missing affirmation, the affirmation's words and the Generate button. */

/** A short line under the Generate button (why it waits, what it is doing). */
const noteUnderButton = (t: Theme) => ({ fontSize: 14, color: t.colors.textMuted, textAlign: 'center' as const });

/** The screen's shape while the voice and the affirmation are asked for. */
export function GenerateScreenSkeleton() {
  return (
    <div aria-busy="true" css={{ display: 'grid', gap: 16 }}>
      <Skeleton height={36} width="50%" />
      <Skeleton height={320} radius={18} />
    </div>
  );
}

/** A made-up or removed affirmation id: where to go instead (write one, or the library). */
export function AffirmationNotFound({ isCustom }: { isCustom: boolean }) {
  return (
    <EmptyState
      headingLevel="h2"
      title={isCustom ? 'Affirmation not found' : 'Transcript not found'}
      description={
        isCustom
          ? 'This custom affirmation does not exist, or it belongs to another account.'
          : 'This affirmation may have been removed from the library.'
      }
      action={
        <LinkButton to={isCustom ? '/create-affirmation' : '/affirmations'}>
          {isCustom ? 'Write a New Affirmation' : 'Browse the Library'}
        </LinkButton>
      }
    />
  );
}

export interface AffirmationSummaryProps {
  title: string;
  category: string | null;
  content: string;
  /** The listener's own words rather than a library transcript. */
  isCustom: boolean;
}

/** What will be spoken: its category, whose words, its title and the first lines of its text. */
export function AffirmationSummary({ title, category, content, isCustom }: AffirmationSummaryProps) {
  return (
    <div css={{ display: 'grid', gap: 8 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {category ? <Badge variant="accent">{category}</Badge> : null}
        {isCustom ? <Badge variant="outline">Your words</Badge> : null}
      </div>
      <h2 id="settings-title" css={{ fontSize: 24, overflowWrap: 'anywhere' }}>
        {title}
      </h2>
      <p
        css={(t) => ({
          color: t.colors.textMuted,
          lineHeight: 1.6,
          whiteSpace: 'pre-line',
          display: '-webkit-box',
          WebkitLineClamp: 6,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        })}
      >
        {content}
      </p>
    </div>
  );
}

export interface GenerateButtonProps {
  pending: boolean;
  canGenerate: boolean;
  /** The recorder is open: a render now would not use the take being read. */
  readingAloud: boolean;
  chosenDuration: number;
  onGenerate: () => void;
}

/** "Generate Audio", with why it waits and, while it renders, the queue place and what is happening. */
export function GenerateButton({ pending, canGenerate, readingAloud, chosenDuration, onGenerate }: GenerateButtonProps) {
  return (
    <>
      <Button
        size="lg"
        onClick={onGenerate}
        disabled={pending || !canGenerate || readingAloud}
        loading={pending}
        aria-describedby={readingAloud ? 'reading-aloud-first' : undefined}
      >
        {pending ? null : <Sparkles size={18} aria-hidden />}
        {pending ? 'Generating...' : 'Generate Audio'}
      </Button>
      {readingAloud ? (
        <p id="reading-aloud-first" css={noteUnderButton}>
          Keep your recording or cancel it to generate.
        </p>
      ) : null}
      {pending ? <RenderQueuePlace /> : null}
      {pending ? (
        <p role="status" css={noteUnderButton}>
          Speaking your affirmation and mixing {chosenDuration >= 600 ? 'a long track' : 'it'}. This takes a few seconds.
        </p>
      ) : null}
    </>
  );
}

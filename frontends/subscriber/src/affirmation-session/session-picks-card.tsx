import { Button, Card, CardTitle, EmptyState, LinkButton } from '@innerecho/ui';
import { AFFIRMATION_SESSION_MAX_PARTS, AFFIRMATION_SESSION_MIN_PARTS } from '@innerecho/contracts';
import { AffirmationSessionOrder } from './affirmation-session-order';
import type { SessionPick } from './affirmation-session-selection';

export interface SessionPicksCardProps {
  picks: SessionPick[];
  onReorder: (picks: SessionPick[]) => void;
  onRemove: (affirmationId: string) => void;
  onClear: () => void;
  /** A session is being made: the picks stay as they are. */
  pending: boolean;
}

/** The session's affirmations in order, with where to add more and a way to start again. */
export function SessionPicksCard({ picks, onReorder, onRemove, onClear, pending }: SessionPicksCardProps) {
  const count = picks.length;
  return (
    <Card aria-labelledby="session-affirmations-title" css={{ display: 'grid', gap: 16 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 8 }}>
        <CardTitle id="session-affirmations-title" as="h2">
          Affirmations
        </CardTitle>
        <span css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
          {count} of {AFFIRMATION_SESSION_MAX_PARTS}
        </span>
      </div>
      {count === 0 ? (
        <EmptyState
          headingLevel="h3"
          title="No affirmations yet"
          description="Choose Add to Session on affirmations in the library, in My Affirmations or on your saved affirmations, then come back here."
          action={<LinkButton to="/affirmations">Browse the Library</LinkButton>}
        />
      ) : (
        <AffirmationSessionOrder picks={picks} onReorder={onReorder} onRemove={onRemove} disabled={pending} />
      )}
      {count > 0 && count < AFFIRMATION_SESSION_MIN_PARTS ? (
        <p css={(t) => ({ margin: 0, color: t.colors.textMuted })}>Add at least one more affirmation to build a session.</p>
      ) : null}
      {count > 0 ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {count < AFFIRMATION_SESSION_MAX_PARTS ? (
            <>
              <LinkButton size="sm" variant="outline" to="/affirmations">
                Add from the Library
              </LinkButton>
              <LinkButton size="sm" variant="outline" to="/affirmations?tab=mine">
                Add from My Affirmations
              </LinkButton>
            </>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onClear} disabled={pending}>
            Clear Session
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

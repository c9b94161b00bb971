import { Check, ListPlus } from 'lucide-react';
import { Button, toast } from '@innerecho/ui';
import { AFFIRMATION_SESSION_MAX_PARTS } from '@innerecho/contracts';
import { useSessionPicks, type SessionPick } from './affirmation-session-selection';

/**
 * "Add to session": puts the affirmation aside for the session builder, or takes it out again
 * (a toggle, announced by its pressed state). The "Session (n)" link opens the builder.
 */
export function AddToSessionButton({ pick, fullWidth }: { pick: SessionPick; fullWidth?: boolean }) {
  const session = useSessionPicks();
  const added = session.has(pick.affirmationId);
  const label = added ? 'In Session' : 'Add to Session';
  return (
    <Button
      size="sm"
      fullWidth={fullWidth}
      variant={added ? 'secondary' : 'outline'}
      aria-pressed={added}
      aria-label={`${label}: ${pick.title}`}
      onClick={() => {
        if (added) return session.remove(pick.affirmationId);
        if (!session.add(pick)) {
          toast({
            title: 'Your session is full',
            description: `A session holds up to ${AFFIRMATION_SESSION_MAX_PARTS} affirmations. Open it to remove one first.`,
          });
        }
      }}
    >
      {added ? <Check size={16} aria-hidden /> : <ListPlus size={16} aria-hidden />}
      {label}
    </Button>
  );
}

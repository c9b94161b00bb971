import { ListMusic } from 'lucide-react';
import { LinkButton } from '@innerecho/ui';
import { useSessionPicks } from './affirmation-session-selection';

/** "Session (n)": the way to the session builder, shown once something has been added. */
export function OpenSessionLink() {
  const { picks } = useSessionPicks();
  if (picks.length === 0) return null;
  return (
    <LinkButton to="/sessions/new" variant="secondary" aria-label={`Session (${picks.length}): open the session builder`}>
      <ListMusic size={18} aria-hidden />
      Session ({picks.length})
    </LinkButton>
  );
}

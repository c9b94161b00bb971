import { WifiOff } from 'lucide-react';
import { Container, useOnline } from '@innerecho/ui';

/**
 * Shown on every page while the browser has no connection: what still works (what the
 * listener kept offline, on the Saved tab) and what waits for the network.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" css={(t) => ({ background: t.colors.accentSoft, borderBottom: `1px solid ${t.colors.border}` })}>
      <Container css={{ display: 'flex', alignItems: 'center', gap: 10, paddingBlock: 10, fontSize: 15 }}>
        <WifiOff size={18} aria-hidden css={{ flexShrink: 0 }} />
        <span>
          You're offline. Affirmations you kept offline still play on the Saved tab; the library, creating, recording and generating need a
          connection.
        </span>
      </Container>
    </div>
  );
}

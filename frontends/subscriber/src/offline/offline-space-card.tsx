import { HardDrive } from 'lucide-react';
import { Button, Card, formatMegabytes } from '@innerecho/ui';
import { useOfflineCopies } from './use-offline-copies';

/**
 * What the affirmations kept on this device add up to, and a way to remove them all. Shown
 * only once something is kept.
 */
export function OfflineSpaceCard() {
  const offline = useOfflineCopies();
  const count = offline.copies.length;
  if (!offline.available || count === 0) return null;
  return (
    <Card as="section" aria-label="Kept offline" css={{ display: 'grid', gap: 14 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <p css={{ display: 'flex', alignItems: 'center', gap: 12, margin: 0 }}>
          <HardDrive size={20} aria-hidden css={(t) => ({ color: t.colors.accent, flexShrink: 0 })} />
          <span>
            Offline: {count} {count === 1 ? 'affirmation' : 'affirmations'}, {formatMegabytes(offline.totalBytes)}
          </span>
        </p>
        <Button size="sm" variant="outline" disabled={offline.removeAll.isPending} onClick={() => offline.removeAll.mutate()}>
          Remove All
        </Button>
      </div>
    </Card>
  );
}

import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';
import { IconBadge } from './icon-badge';

export interface InProgressNoticeProps {
  children?: ReactNode;
}

/** An honest placeholder for an area whose screens are still being built. */
export function InProgressNotice({ children }: InProgressNoticeProps) {
  return (
    <Card role="status" css={{ flexDirection: 'row', alignItems: 'flex-start', gap: 16 }}>
      <IconBadge tone="primary">
        <Hammer size={20} />
      </IconBadge>
      <div css={{ display: 'grid', gap: 6 }}>
        <p css={{ fontWeight: 600 }}>This area is being built</p>
        <p css={(t) => ({ color: t.colors.textMuted })}>
          {children ?? 'We are putting the finishing touches on this page. Please check back soon.'}
        </p>
      </div>
    </Card>
  );
}

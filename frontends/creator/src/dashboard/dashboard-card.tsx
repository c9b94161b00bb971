import type { ReactNode } from 'react';
import { Card, CardDescription, CardTitle } from '@innerecho/ui';

/** One card of the creator dashboard: its heading, a line about it, then its content. */
export function DashboardCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card css={{ gap: 16, padding: 24, minWidth: 0 }}>
      <div css={{ display: 'grid', gap: 4 }}>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      {children}
    </Card>
  );
}

import { CloudOff, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { IconBadge } from './icon-badge';

const stateBox = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: 12,
  padding: '48px 24px',
} as const;

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** The next step, e.g. a "Create Your Own" button. */
  action?: ReactNode;
  /** Heading level, so the state fits the page outline (h1 when it is the whole page). */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ title, description, icon, action, headingLevel: Heading = 'h3' }: EmptyStateProps) {
  return (
    <div css={(t) => ({ ...stateBox, border: `1px dashed ${t.colors.borderStrong}`, borderRadius: t.radii.lg })}>
      <IconBadge size={56} css={{ marginBottom: 4 }}>
        {icon ?? <Inbox size={26} />}
      </IconBadge>
      <Heading css={{ fontSize: Heading === 'h1' ? 28 : 20 }}>{title}</Heading>
      {description ? <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 440 })}>{description}</p> : null}
      {action ? <div css={{ marginTop: 8 }}>{action}</div> : null}
    </div>
  );
}

export interface ErrorStateProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Heading level, so the state fits the page outline. */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

export function ErrorState({
  title = 'Something went wrong',
  description = 'Please check your connection and try again.',
  onRetry,
  retryLabel = 'Try again',
  headingLevel: Heading = 'h3',
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      css={(t) => ({ ...stateBox, border: `1px solid ${t.colors.border}`, borderRadius: t.radii.lg, background: t.colors.surface })}
    >
      <IconBadge tone="danger" size={56} css={{ marginBottom: 4 }}>
        <CloudOff size={26} />
      </IconBadge>
      <Heading css={{ fontSize: 22 }}>{title}</Heading>
      {description ? <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 460 })}>{description}</p> : null}
      {onRetry ? (
        <Button variant="primary" onClick={onRetry} css={{ marginTop: 8 }}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}

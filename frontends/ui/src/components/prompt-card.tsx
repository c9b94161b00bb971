import type { ReactNode } from 'react';
import { Card } from './card';

export interface PromptCardProps {
  /** The icon in the bubble above the heading. */
  icon: ReactNode;
  /** The bubble's colour: the accent (lilac) or the primary (amber). */
  tone?: 'accent' | 'primary';
  title: ReactNode;
  headingLevel?: 'h1' | 'h2';
  description: ReactNode;
  /** The next step: one button, or a few. */
  actions: ReactNode;
}

/**
 * A centred card that stands in for a screen the person cannot use yet, and says what to do
 * first: sign in, start the free trial, record a voice.
 */
export function PromptCard({ icon, tone = 'accent', title, headingLevel: Heading = 'h2', description, actions }: PromptCardProps) {
  return (
    <Card
      css={{ display: 'grid', gap: 16, justifyItems: 'center', textAlign: 'center', padding: '40px 24px', maxWidth: 560, margin: '0 auto' }}
    >
      <span
        aria-hidden
        css={(t) => ({
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          background: tone === 'primary' ? t.colors.primarySoft : t.colors.accentSoft,
          color: tone === 'primary' ? t.colors.primary : t.colors.accent,
        })}
      >
        {icon}
      </span>
      <Heading css={{ fontSize: 24 }}>{title}</Heading>
      <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 440 })}>{description}</p>
      <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12, marginTop: 4 }}>{actions}</div>
    </Card>
  );
}

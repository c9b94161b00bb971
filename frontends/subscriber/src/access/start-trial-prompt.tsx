import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, LinkButton } from '@innerecho/ui';

export interface StartTrialPromptProps {
  title: ReactNode;
  description?: ReactNode;
}

export const PRICING_PATH = '/#pricing';

/** What a signed-in listener without a plan sees before a screen that needs one: start the free trial first. */
export function StartTrialPrompt({ title, description }: StartTrialPromptProps) {
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
          background: t.colors.primarySoft,
          color: t.colors.primary,
        })}
      >
        <Sparkles size={28} />
      </span>
      <h2 css={{ fontSize: 24 }}>{title}</h2>
      <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 440 })}>
        {description ??
          'Recording your voice and generating audio come with every plan, and every plan starts with a 3-day free trial. Choose a plan to begin.'}
      </p>
      <LinkButton to={PRICING_PATH} size="lg">
        Start Free Trial
      </LinkButton>
    </Card>
  );
}

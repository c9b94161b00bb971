import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton, PromptCard, keepPathForAfterCheckout, useLocation } from '@innerecho/ui';

export interface StartTrialPromptProps {
  title: ReactNode;
  description?: ReactNode;
}

export const PRICING_PATH = '/#pricing';

/**
 * What a signed-in listener without a plan sees before a screen that needs one: start the free
 * trial first. The page they are on is kept, so after checkout they come back to it.
 */
export function StartTrialPrompt({ title, description }: StartTrialPromptProps) {
  const { pathname, search } = useLocation();
  return (
    <PromptCard
      icon={<Sparkles size={28} />}
      tone="primary"
      title={title}
      description={
        description ??
        'Recording your voice and generating audio come with every plan, and every plan starts with a 3-day free trial. Choose a plan to begin.'
      }
      actions={
        <LinkButton to={PRICING_PATH} size="lg" onClick={() => keepPathForAfterCheckout(pathname + search)}>
          Start Free Trial
        </LinkButton>
      }
    />
  );
}

import { Container, useAuth } from '@innerecho/ui';
import { GetStartedButton } from './get-started-button';

export interface ClosingSectionProps {
  onViewPricing: () => void;
}

export function ClosingSection({ onViewPricing }: ClosingSectionProps) {
  const { hasActiveSubscription } = useAuth();
  return (
    <section aria-labelledby="closing-title" css={{ padding: '32px 0 88px' }}>
      <Container>
        <div
          css={(t) => ({
            display: 'grid',
            gap: 20,
            justifyItems: 'center',
            textAlign: 'center',
            padding: '56px 24px',
            borderRadius: t.radii.xl,
            border: `1px solid ${t.colors.border}`,
            background: `radial-gradient(40rem 20rem at 50% 0%, ${t.colors.accentSoft}, transparent 70%), ${t.colors.surface}`,
          })}
        >
          <h2 id="closing-title" css={{ fontSize: 'clamp(28px, 4.4vw, 40px)', maxWidth: 640 }}>
            Hear the kindest voice you know: your own
          </h2>
          <p css={(t) => ({ color: t.colors.textMuted, fontSize: 17, maxWidth: 520 })}>
            {hasActiveSubscription
              ? 'Your next affirmation is only a few minutes away.'
              : 'Start with a 3-day free trial. Your first affirmation is only a few minutes away.'}
          </p>
          <GetStartedButton label="Start Your Journey" onStartTrial={onViewPricing} />
        </div>
      </Container>
    </section>
  );
}

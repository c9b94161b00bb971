import { AnchorButton, Card, Container, LOGIN_PATH } from '@innerecho/ui';
import { ArrowRight, PartyPopper } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';

export type SuccessPageProps = Record<string, never>;

/** '/success': where Stripe sends the visitor back after checkout. */
export function SuccessPage(_props: SuccessPageProps) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');

  return (
    <Container css={{ paddingBlock: '64px 96px', display: 'flex', justifyContent: 'center' }}>
      <Card css={{ maxWidth: 560, width: '100%', alignItems: 'center', textAlign: 'center', gap: 20, padding: '40px 28px' }}>
        <span
          aria-hidden
          css={(t) => ({
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 64,
            height: 64,
            borderRadius: '50%',
            background: t.colors.successSoft,
            color: t.colors.success,
          })}
        >
          <PartyPopper size={28} />
        </span>
        <h1 css={{ fontSize: 'clamp(30px, 5vw, 40px)' }}>Welcome to InnerEcho!</h1>
        <p css={(t) => ({ color: t.colors.textMuted, fontSize: 17 })}>
          Your subscription is set up and your 3-day free trial has begun. Sign in, or create your account, with the email you used at
          checkout to record your voice and create your first affirmation.
        </p>
        {sessionId ? (
          <p css={(t) => ({ fontSize: 14, color: t.colors.textSubtle, overflowWrap: 'anywhere' })}>
            Checkout reference:{' '}
            <code
              data-testid="checkout-session-id"
              css={(t) => ({
                fontFamily: t.fonts.mono,
                fontSize: 13,
                padding: '2px 8px',
                borderRadius: 6,
                background: t.colors.surfaceSunken,
                color: t.colors.text,
              })}
            >
              {sessionId}
            </code>
          </p>
        ) : null}
        <AnchorButton href={LOGIN_PATH} size="lg">
          Sign In to Get Started
          <ArrowRight size={18} aria-hidden />
        </AnchorButton>
      </Card>
    </Container>
  );
}

import { AnchorButton, Card, Container, loginUrl, useAuth } from '@innerecho/ui';
import { ArrowRight, PartyPopper } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';

export type SuccessPageProps = Record<string, never>;

/**
 * The next step after checkout is recording a voice. The button goes through the sign-in page,
 * which sends someone already signed in straight on and lets a new buyer create their account
 * (with the checkout's email) first.
 */
export const AFTER_CHECKOUT_PATH = loginUrl({ returnTo: '/record-voice' });

/** '/success': where the checkout sends the buyer back; shows the checkout's session_id. */
export function SuccessPage(_props: SuccessPageProps) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { isAuthenticated } = useAuth();

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
          Your subscription is set up and your 3-day free trial has begun.{' '}
          {isAuthenticated
            ? 'Next, record your voice: it takes about 30 seconds, and every affirmation you create is then spoken in it.'
            : 'Next, record your voice. First create your account (or sign in) with the email you used at checkout, so the subscription is yours.'}
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
        <AnchorButton href={AFTER_CHECKOUT_PATH} size="lg">
          Record Your Voice
          <ArrowRight size={18} aria-hidden />
        </AnchorButton>
      </Card>
    </Container>
  );
}

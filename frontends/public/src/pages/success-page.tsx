import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AUTH_USER_QUERY_KEY,
  AnchorButton,
  Card,
  Container,
  loginUrl,
  takePathAfterCheckout,
  useAuth,
  useSearchParams,
} from '@innerecho/ui';
import { ArrowRight, PartyPopper } from 'lucide-react';

export type SuccessPageProps = Record<string, never>;

/**
 * The next step after checkout is recording a voice. The button goes through the sign-in page,
 * which sends someone already signed in straight on and lets a new buyer create their account
 * (with the checkout's email) first.
 */
export const AFTER_CHECKOUT_PATH = loginUrl({ returnTo: '/record-voice' });

/**
 * A listener sent to the plans from an affirmation or page (kept before checkout) goes back
 * there; it asks for a voice itself if one is still needed. Otherwise the first step.
 */
function nextAfterCheckout(): { href: string; label: string } {
  const kept = takePathAfterCheckout();
  if (!kept) return { href: AFTER_CHECKOUT_PATH, label: 'Record Your Voice' };
  // Sent from the record page, the next step is still recording.
  return {
    href: loginUrl({ returnTo: kept }),
    label: kept.startsWith('/record-voice') ? 'Record Your Voice' : 'Continue Where You Left Off',
  };
}

/** '/success': where the checkout sends the buyer back; shows the checkout's session_id. */
export function SuccessPage(_props: SuccessPageProps) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { isAuthenticated, hasActiveSubscription } = useAuth();
  const settingUp = useSubscriptionArrival(isAuthenticated && !hasActiveSubscription);
  const [next] = useState(nextAfterCheckout);

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
        {settingUp ? (
          <p role="status" css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
            Your subscription is being set up. This takes a moment…
          </p>
        ) : null}
        <AnchorButton href={next.href} size="lg">
          {next.label}
          <ArrowRight size={18} aria-hidden />
        </AnchorButton>
      </Card>
    </Container>
  );
}

/** How long the page waits for a just-paid subscription to reach the account: 20 checks, a second apart. */
const ARRIVAL_CHECKS = 20;

/**
 * A signed-in buyer's subscription reaches their account a moment after checkout (billing
 * announces it, identity records it). Until it has, the record page would still offer the free
 * trial, so this page asks again each second, for a short while only. Returns true while waiting.
 */
function useSubscriptionArrival(waiting: boolean): boolean {
  const queryClient = useQueryClient();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    let checks = 0;
    const timer = window.setInterval(() => {
      checks += 1;
      if (checks > ARRIVAL_CHECKS) {
        window.clearInterval(timer);
        setGaveUp(true);
      } else void queryClient.refetchQueries({ queryKey: AUTH_USER_QUERY_KEY });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [waiting, queryClient]);
  return waiting && !gaveUp;
}

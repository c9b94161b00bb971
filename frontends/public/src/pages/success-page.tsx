import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiQuery,
  AUTH_USER_QUERY_KEY,
  AnchorButton,
  Button,
  Card,
  Container,
  LinkButton,
  Spinner,
  loginUrl,
  peekPathAfterCheckout,
  forgetPathAfterCheckout,
  useAuth,
  useSearchParams,
  IconBadge,
} from '@innerecho/ui';
import { ArrowRight, Hourglass, PartyPopper, SearchX } from 'lucide-react';

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
  const kept = peekPathAfterCheckout();
  if (!kept) return { href: AFTER_CHECKOUT_PATH, label: 'Record Your Voice' };
  // Sent from the record page, the next step is still recording.
  return {
    href: loginUrl({ returnTo: kept }),
    label: kept.startsWith('/record-voice') ? 'Record Your Voice' : 'Continue Where You Left Off',
  };
}

/**
 * '/success': where the checkout sends the buyer back. It welcomes them only when the
 * checkout its session_id names has really finished (and is not another account's); anyone
 * else is told plainly that no finished checkout was found. The id itself is never shown.
 */
export function SuccessPage(_props: SuccessPageProps) {
  const [params] = useSearchParams();
  const checkoutId = params.get('session_id');
  const { isAuthenticated, hasActiveSubscription } = useAuth();
  const [waitedOut, setWaitedOut] = useState(false);
  const checkout = useCheckoutStatus(checkoutId, { polling: !waitedOut });
  const stillProcessing = checkout.data?.status === 'processing';
  useEffect(() => {
    if (!stillProcessing) return;
    const timer = window.setTimeout(() => setWaitedOut(true), CONFIRMATION_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [stillProcessing]);
  const confirmed = checkout.data?.status === 'complete';
  const settingUp = useSubscriptionArrival(confirmed && isAuthenticated && !hasActiveSubscription);
  const [next] = useState(nextAfterCheckout);
  // Kept through a reload of this page; forgotten once the listener moves on (the link below, or another page).
  useEffect(() => forgetPathAfterCheckout, []);

  if (stillProcessing && waitedOut) {
    return (
      <SuccessCard icon={<Hourglass size={28} />} tone="neutral">
        <h1 css={{ fontSize: 'clamp(28px, 5vw, 36px)' }}>Your payment is still being confirmed</h1>
        <p role="status" css={(t) => ({ color: t.colors.textMuted, fontSize: 17 })}>
          This is taking longer than usual. There is no need to pay again: your subscription starts as soon as the confirmation arrives.
        </p>
        <Button size="lg" onClick={() => void checkout.refetch()} disabled={checkout.isFetching}>
          {checkout.isFetching ? 'Checking…' : 'Check Again'}
        </Button>
      </SuccessCard>
    );
  }

  if (checkoutId && (checkout.isLoading || stillProcessing)) {
    return (
      <SuccessCard icon={<Spinner size={28} />} tone="neutral">
        <h1 css={{ fontSize: 'clamp(28px, 5vw, 36px)' }}>Confirming your checkout…</h1>
        <p role="status" css={(t) => ({ color: t.colors.textMuted, fontSize: 17 })}>
          This takes a moment. Please keep this page open.
        </p>
      </SuccessCard>
    );
  }

  if (!confirmed) {
    return (
      <SuccessCard icon={<SearchX size={28} />} tone="neutral">
        <h1 css={{ fontSize: 'clamp(28px, 5vw, 36px)' }}>No finished checkout here</h1>
        <p css={(t) => ({ color: t.colors.textMuted, fontSize: 17 })}>
          {checkout.isError
            ? 'We could not check your checkout just now. Please reload this page in a moment.'
            : 'This page confirms a subscription once its checkout is finished, and we could not find one for you. If you have just subscribed, sign in with the email you used at checkout.'}
        </p>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'center' }}>
          <LinkButton to="/#pricing" size="lg">
            See Plans
          </LinkButton>
          <AnchorButton href={loginUrl({ mode: 'signin' })} size="lg" variant="outline">
            Sign in
          </AnchorButton>
        </div>
      </SuccessCard>
    );
  }

  return (
    <SuccessCard icon={<PartyPopper size={28} />} tone="success">
      <h1 css={{ fontSize: 'clamp(30px, 5vw, 40px)' }}>Welcome to InnerEcho!</h1>
      <p css={(t) => ({ color: t.colors.textMuted, fontSize: 17 })}>
        Your {checkout.data?.plan === 'yearly' ? 'yearly' : 'monthly'} subscription is set up and your 3-day free trial has begun.{' '}
        {isAuthenticated
          ? 'Next, record your voice: it takes about 30 seconds, and every affirmation you create is then spoken in it.'
          : 'Next, record your voice. First create your account (or sign in) with the email you used at checkout, so the subscription is yours.'}
      </p>
      {settingUp ? (
        <p role="status" css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
          Your subscription is being set up. This takes a moment…
        </p>
      ) : null}
      <AnchorButton href={next.href} size="lg" onClick={forgetPathAfterCheckout}>
        {next.label}
        <ArrowRight size={18} aria-hidden />
      </AnchorButton>
    </SuccessCard>
  );
}

function SuccessCard({ icon, tone, children }: { icon: ReactNode; tone: 'success' | 'neutral'; children: ReactNode }) {
  return (
    <Container css={{ paddingBlock: '64px 96px', display: 'flex', justifyContent: 'center' }}>
      <Card css={{ maxWidth: 560, width: '100%', alignItems: 'center', textAlign: 'center', gap: 20, padding: '40px 28px' }}>
        <IconBadge tone={tone} size={64}>
          {icon}
        </IconBadge>
        {children}
      </Card>
    </Container>
  );
}

/** How long the page asks about a checkout still being processed, once a second, before it offers to check again. */
const CONFIRMATION_WAIT_MS = 30_000;

/** The checkout's state; while `polling`, a Stripe checkout paid a moment ago is asked again each second until its confirmation arrives. */
function useCheckoutStatus(checkoutId: string | null, { polling }: { polling: boolean }) {
  return useQuery({
    ...apiQuery('GET /api/billing/checkout-status/:checkoutId', { params: { checkoutId: checkoutId ?? '' } }),
    enabled: Boolean(checkoutId),
    refetchInterval: (query) => (polling && query.state.data?.status === 'processing' ? 1000 : false),
  });
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

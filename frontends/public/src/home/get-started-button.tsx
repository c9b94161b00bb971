import { AnchorButton, Button, LinkButton, Skeleton, loginUrl, useAuth, type ButtonSize } from '@innerecho/ui';
import { ArrowRight } from 'lucide-react';

export interface GetStartedButtonProps {
  /** The visitor's label ('Get Started', 'Start Your Journey'). */
  label: string;
  size?: ButtonSize;
  /** Shows the plans (a signed-in listener without one starts there). */
  onStartTrial: () => void;
}

/** Where a new visitor begins: sign-up (not sign-in), then the first step, recording their voice. */
export const SIGN_UP_PATH = loginUrl({ mode: 'signup', returnTo: '/record-voice' });

/**
 * The way in, for whoever is looking: a visitor goes to sign-up and on to recording their voice;
 * a signed-in listener without a plan to the plans (the free trial); a subscriber into the app.
 */
export function GetStartedButton({ label, size = 'lg', onStartTrial }: GetStartedButtonProps) {
  const { isAuthenticated, hasActiveSubscription, isLoading } = useAuth();
  const arrow = <ArrowRight size={18} aria-hidden />;
  // Until the session is known, a placeholder of the button's size: a signed-in listener is
  // never offered the visitor's way in, even for a moment.
  if (isLoading) return <Skeleton width={200} height={size === 'lg' ? 52 : 44} radius={999} />;
  if (hasActiveSubscription) {
    return (
      <LinkButton to="/affirmations" size={size}>
        Go to Your Library
        {arrow}
      </LinkButton>
    );
  }
  if (isAuthenticated) {
    return (
      <Button size={size} onClick={onStartTrial}>
        Start Your Free Trial
        {arrow}
      </Button>
    );
  }
  return (
    <AnchorButton href={SIGN_UP_PATH} size={size}>
      {label}
      {arrow}
    </AnchorButton>
  );
}

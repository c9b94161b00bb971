import type { ReactNode } from 'react';
import { SignInPrompt, Skeleton, useLocation } from '@innerecho/ui';
import { StartTrialPrompt } from './start-trial-prompt';
import { useListenerAccess } from './use-listener-access';

export interface ListenerGateProps {
  /** Why an account is needed here, e.g. 'Sign in to record your voice'. */
  signInTitle: string;
  signInDescription: string;
  /** Why a plan is needed here, e.g. 'Start your free trial to record your voice'. */
  trialTitle: string;
  /** Shown above the sign-in and trial prompts; the screen itself brings its own once open. */
  header?: ReactNode;
  children: ReactNode;
}

/**
 * Checked when the page opens, before anyone records or writes: a visitor is asked to sign in
 * (and comes back here), a listener without a plan to start the free trial. The screen itself,
 * and the calls it makes, only exist once both are settled.
 */
export function ListenerGate({ signInTitle, signInDescription, trialTitle, header, children }: ListenerGateProps) {
  const access = useListenerAccess();
  const { pathname, search } = useLocation();
  if (access === 'ready') return <>{children}</>;
  return (
    <>
      {header}
      {access === 'loading' ? (
        <div aria-busy="true" css={{ display: 'grid', gap: 16 }}>
          <Skeleton height={280} radius={18} />
        </div>
      ) : access === 'signed-out' ? (
        <SignInPrompt title={signInTitle} description={signInDescription} returnTo={pathname + search} />
      ) : (
        <StartTrialPrompt title={trialTitle} />
      )}
    </>
  );
}

import type { ReactNode } from 'react';
import { SignInPrompt, useAuth, useLocation } from '@innerecho/ui';

export interface SignedInTabProps {
  /** The heading's id, which names the tab's section. */
  id: string;
  title: string;
  description: ReactNode;
  /** Shown beside the heading to someone signed in. */
  action?: ReactNode;
  /** Shown while it is not yet known who is signed in. */
  skeleton: ReactNode;
  /** What a visitor is asked: sign in to see what is theirs. */
  signIn: { title: string; description: string };
  /** The signed-in listener's content; mounted only for them, so a visitor's browser asks nothing. */
  children: ReactNode;
}

/** A tab of what is the listener's own (saved audio, their words): theirs when signed in, a sign-in prompt otherwise. */
export function SignedInTab({ id, title, description, action, skeleton, signIn, children }: SignedInTabProps) {
  const { isLoading, isAuthenticated } = useAuth();
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby={id} css={{ display: 'grid', gap: 20 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 12 }}>
        <div css={{ display: 'grid', gap: 4 }}>
          <h2 id={id} css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 26, margin: 0 })}>
            {title}
          </h2>
          <p css={(t) => ({ margin: 0, color: t.colors.textMuted })}>{description}</p>
        </div>
        {isAuthenticated ? action : null}
      </div>
      {isLoading ? (
        skeleton
      ) : isAuthenticated ? (
        children
      ) : (
        <SignInPrompt title={signIn.title} description={signIn.description} returnTo={pathname + search} />
      )}
    </section>
  );
}

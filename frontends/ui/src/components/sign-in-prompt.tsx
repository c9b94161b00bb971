import { LogIn, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { loginUrl } from '../auth/use-auth';
import { AnchorButton } from './button';
import { Card } from './card';

export interface SignInPromptProps {
  title: ReactNode;
  description: ReactNode;
  /** Where the sign-in page sends the person back to (usually the page they are on). */
  returnTo: string;
  headingLevel?: 'h1' | 'h2';
}

/**
 * What a signed-out visitor sees in place of a screen that needs an account: why, and the two
 * ways in (sign in, or create an account), both coming back here.
 */
export function SignInPrompt({ title, description, returnTo, headingLevel: Heading = 'h2' }: SignInPromptProps) {
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
          background: t.colors.accentSoft,
          color: t.colors.accent,
        })}
      >
        <LogIn size={28} />
      </span>
      <Heading css={{ fontSize: 24 }}>{title}</Heading>
      <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 440 })}>{description}</p>
      <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12, marginTop: 4 }}>
        <AnchorButton href={loginUrl({ mode: 'signin', returnTo })} size="lg">
          <LogIn size={18} aria-hidden />
          Sign in
        </AnchorButton>
        <AnchorButton href={loginUrl({ mode: 'signup', returnTo })} size="lg" variant="outline">
          <UserPlus size={18} aria-hidden />
          Create an account
        </AnchorButton>
      </div>
    </Card>
  );
}

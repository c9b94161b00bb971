import { LogIn, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { loginUrl } from '../auth/use-auth';
import { AnchorButton } from './button';
import { PromptCard } from './prompt-card';

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
export function SignInPrompt({ title, description, returnTo, headingLevel }: SignInPromptProps) {
  return (
    <PromptCard
      icon={<LogIn size={28} />}
      title={title}
      headingLevel={headingLevel}
      description={description}
      actions={
        <>
          <AnchorButton href={loginUrl({ mode: 'signin', returnTo })} size="lg">
            <LogIn size={18} aria-hidden />
            Sign in
          </AnchorButton>
          <AnchorButton href={loginUrl({ mode: 'signup', returnTo })} size="lg" variant="outline">
            <UserPlus size={18} aria-hidden />
            Create an account
          </AnchorButton>
        </>
      }
    />
  );
}

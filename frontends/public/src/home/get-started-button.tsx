import { AnchorButton, LinkButton, LOGIN_PATH, useAuth, type ButtonSize } from '@innerecho/ui';
import { ArrowRight } from 'lucide-react';

export interface GetStartedButtonProps {
  label: string;
  size?: ButtonSize;
}

/**
 * Visitors go to sign-in (a full page navigation to the server); someone already signed
 * in goes straight to their library instead of through the login page again.
 */
export function GetStartedButton({ label, size = 'lg' }: GetStartedButtonProps) {
  const { isAuthenticated } = useAuth();
  const content = (
    <>
      {label}
      <ArrowRight size={18} aria-hidden />
    </>
  );
  return isAuthenticated ? (
    <LinkButton to="/affirmations" size={size}>
      {content}
    </LinkButton>
  ) : (
    <AnchorButton href={LOGIN_PATH} size={size}>
      {content}
    </AnchorButton>
  );
}

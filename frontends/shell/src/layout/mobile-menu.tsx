import {
  ACCOUNT_PATH,
  bareList,
  AnchorButton,
  Button,
  IconButton,
  ManageSubscriptionButton,
  Sheet,
  SheetContent,
  SheetTrigger,
  NavLink,
  useLocation,
} from '@innerecho/ui';
import { LogIn, LogOut, Menu, UserRound } from 'lucide-react';
import { useState } from 'react';
import { logOut, signInHref } from './auth-actions';
import type { NavItem } from './nav-items';

export interface MobileMenuProps {
  items: NavItem[];
  isAuthenticated: boolean;
  isLoading: boolean;
  /** The listener's sign-in, sign-out and subscription buttons (not in the creator area). */
  showAccount: boolean;
}

/** The phone-width navigation: a side sheet with the nav links and sign in/out. */
export function MobileMenu({ items, isAuthenticated, isLoading, showAccount }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { pathname, search } = useLocation();
  const close = () => setOpen(false);

  // Until the first tap the button is plain, so the sheet's code loads only for someone who opens it.
  if (!opened) {
    return (
      <div css={(t) => ({ display: 'flex', [t.mq.md]: { display: 'none' } })}>
        <IconButton
          aria-label="Open menu"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <Menu size={20} aria-hidden />
        </IconButton>
      </div>
    );
  }

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <div css={(t) => ({ display: 'flex', [t.mq.md]: { display: 'none' } })}>
        <SheetTrigger asChild>
          <IconButton aria-label="Open menu">
            <Menu size={20} aria-hidden />
          </IconButton>
        </SheetTrigger>
      </div>
      <SheetContent title="Menu" closeLabel="Close menu">
        {items.length > 0 ? (
          <nav aria-label="Main">
            <ul css={{ display: 'flex', flexDirection: 'column', gap: 4, ...bareList }}>
              {items.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    onClick={close}
                    css={(t) => ({
                      display: 'flex',
                      alignItems: 'center',
                      gap: 12,
                      minHeight: 48,
                      padding: '0 14px',
                      borderRadius: t.radii.md,
                      color: t.colors.text,
                      fontWeight: 550,
                      textDecoration: 'none',
                      '&:hover': { background: t.colors.surfaceSunken },
                      '&[aria-current="page"]': { background: t.colors.accentSoft },
                    })}
                  >
                    <Icon size={18} aria-hidden />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : showAccount ? (
          <p css={(t) => ({ color: t.colors.textMuted, fontSize: 15 })}>Sign in to record your voice and build your affirmation library.</p>
        ) : null}
        {showAccount ? (
          <div css={(t) => ({ marginTop: 'auto', paddingTop: 20, borderTop: `1px solid ${t.colors.border}`, display: 'grid', gap: 10 })}>
            {isLoading || !isAuthenticated ? null : <ManageSubscriptionButton size="md" variant="secondary" fullWidth />}
            {isLoading || !isAuthenticated ? null : (
              <AnchorButton href={ACCOUNT_PATH} variant="secondary" fullWidth>
                <UserRound size={16} aria-hidden />
                Account
              </AnchorButton>
            )}
            {isLoading ? null : isAuthenticated ? (
              <Button variant="outline" fullWidth onClick={() => void logOut()}>
                <LogOut size={16} aria-hidden />
                Log out
              </Button>
            ) : (
              <AnchorButton href={signInHref(pathname, search)} variant="primary" fullWidth>
                <LogIn size={16} aria-hidden />
                Sign in
              </AnchorButton>
            )}
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

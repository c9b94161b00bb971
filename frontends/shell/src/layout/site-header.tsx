import {
  ACCOUNT_PATH,
  bareList,
  AnchorButton,
  Button,
  Container,
  ManageSubscriptionButton,
  useAuth,
  NavLink,
  useLocation,
} from '@innerecho/ui';
import { LogIn, LogOut, UserRound } from 'lucide-react';
import { logOut, signInHref } from './auth-actions';
import { BrandLink } from './brand-link';
import { MobileMenu } from './mobile-menu';
import { isCreatorArea, navItemsFor } from './nav-items';
import { ThemeToggle } from './theme-toggle';

/** Visible from the md breakpoint; on phones the same items live in the mobile menu. */
const desktopOnly = (t: { mq: { md: string } }) => ({ display: 'none', [t.mq.md]: { display: 'flex' } });

export function SiteHeader() {
  const { isAuthenticated, isAdmin, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  const items = navItemsFor({ isAuthenticated, isAdmin, pathname });
  const creatorArea = isCreatorArea(pathname);

  return (
    <header
      css={(t) => ({
        position: 'sticky',
        top: 0,
        zIndex: 40,
        height: t.headerHeight,
        borderBottom: `1px solid ${t.colors.border}`,
        background: t.colors.headerBackground,
        backdropFilter: 'saturate(1.4) blur(14px)',
        WebkitBackdropFilter: 'saturate(1.4) blur(14px)',
      })}
    >
      <Container css={{ display: 'flex', alignItems: 'center', gap: 24, height: '100%' }}>
        <BrandLink />
        {items.length > 0 ? (
          <nav aria-label="Main" css={desktopOnly}>
            <ul css={{ display: 'flex', gap: 4, ...bareList }}>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    css={(t) => ({
                      display: 'inline-flex',
                      alignItems: 'center',
                      minHeight: 40,
                      padding: '0 14px',
                      borderRadius: t.radii.pill,
                      color: t.colors.textMuted,
                      fontSize: 15,
                      fontWeight: 550,
                      textDecoration: 'none',
                      transition: `background ${t.transition}, color ${t.transition}`,
                      '&:hover': { color: t.colors.text, background: t.colors.surfaceSunken },
                      '&[aria-current="page"]': { color: t.colors.text, background: t.colors.accentSoft },
                    })}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div css={{ display: 'flex', alignItems: 'center', gap: 8, marginLeft: 'auto' }}>
          <ThemeToggle />
          {/* Nothing while the user is loading, so "Sign in" never flashes for a signed-in user. */}
          {isLoading || creatorArea ? null : (
            <div css={(t) => ({ ...desktopOnly(t), gap: 8 })}>
              {isAuthenticated ? <ManageSubscriptionButton /> : null}
              {isAuthenticated ? (
                <AnchorButton href={ACCOUNT_PATH} variant="ghost" size="sm">
                  <UserRound size={16} aria-hidden />
                  Account
                </AnchorButton>
              ) : null}
              {isAuthenticated ? (
                <Button variant="outline" size="sm" onClick={() => void logOut()}>
                  <LogOut size={16} aria-hidden />
                  Log out
                </Button>
              ) : (
                <AnchorButton href={signInHref(pathname, search)} variant="secondary" size="sm">
                  <LogIn size={16} aria-hidden />
                  Sign in
                </AnchorButton>
              )}
            </div>
          )}
          <MobileMenu items={items} isAuthenticated={isAuthenticated} isLoading={isLoading} showAccount={!creatorArea} />
        </div>
      </Container>
    </header>
  );
}

import { BookOpen, Mic, PenLine, Shield, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Library, Create and Record Voice show only to signed-in users. */
export const SIGNED_IN_NAV: NavItem[] = [
  { to: '/affirmations', label: 'Library', icon: BookOpen },
  { to: '/create-affirmation', label: 'Create', icon: PenLine },
  { to: '/record-voice', label: 'Record Voice', icon: Mic },
];

/** Shown to admins only, and only while the current path is inside /admin. */
export const ADMIN_NAV: NavItem = { to: '/admin', label: 'Admin', icon: Shield };

export function navItemsFor({
  isAuthenticated,
  isAdmin,
  pathname,
}: {
  isAuthenticated: boolean;
  isAdmin: boolean;
  pathname: string;
}): NavItem[] {
  return [...(isAuthenticated ? SIGNED_IN_NAV : []), ...(isAdmin && pathname.startsWith('/admin') ? [ADMIN_NAV] : [])];
}

/**
 * The creator area has its own sign-in (and its own Log out on the page); the listener's
 * sign-in buttons do not belong in its header.
 */
export const isCreatorArea = (pathname: string) => pathname === '/creator-login' || pathname.startsWith('/creator-dashboard');

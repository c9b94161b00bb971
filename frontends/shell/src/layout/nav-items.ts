import { BookOpen, Mic, PenLine, Shield, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Spec section 2: these three show only to signed-in users. */
export const SIGNED_IN_NAV: NavItem[] = [
  { to: '/affirmations', label: 'Library', icon: BookOpen },
  { to: '/create-affirmation', label: 'Create', icon: PenLine },
  { to: '/record-voice', label: 'Record Voice', icon: Mic },
];

/** Shown only while the current path is inside /admin. */
export const ADMIN_NAV: NavItem = { to: '/admin', label: 'Admin', icon: Shield };

export function navItemsFor({ isAuthenticated, pathname }: { isAuthenticated: boolean; pathname: string }): NavItem[] {
  return [...(isAuthenticated ? SIGNED_IN_NAV : []), ...(pathname.startsWith('/admin') ? [ADMIN_NAV] : [])];
}

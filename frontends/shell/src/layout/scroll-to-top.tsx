import { useLocation } from '@innerecho/ui';
import { useEffect } from 'react';

/** A new page starts at the top (the browser only does this for full page loads). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at the top (the browser only does this for full page loads). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

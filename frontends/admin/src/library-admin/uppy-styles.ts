import { useEffect } from 'react';

/**
 * Uppy's own stylesheets, emitted by webpack as files (`new URL(..., import.meta.url)`)
 * and linked once while an uploader is on screen; theme tweaks follow in uppy-theme.
 */
const STYLESHEETS = [
  new URL('@uppy/core/css/style.min.css', import.meta.url).href,
  new URL('@uppy/dashboard/css/style.min.css', import.meta.url).href,
];

export function useUppyStyles() {
  useEffect(() => {
    for (const href of STYLESHEETS) {
      if (document.querySelector(`link[data-uppy][href="${href}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.dataset.uppy = '';
      document.head.appendChild(link);
    }
  }, []);
}

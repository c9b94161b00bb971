// The site's /favicon.ico (emitted at the root of dist by its asset rule), for the pages the
// services render themselves; the shell's own pages carry an inline icon in index.html.
import './icons/favicon.ico';
// The installable app: its manifest and icons, and the service worker a listener's page
// registers when they keep an affirmation offline (each emitted under its own name).
import './pwa/manifest.webmanifest';
import './pwa/icon.svg';
import './pwa/icon-192.png';
import './pwa/icon-512.png';
import './pwa/icon-maskable-512.png';
import './pwa/apple-touch-icon.png';
import './pwa/sw.js';

// Async boundary: the federation runtime must set up the shared scope (react, router,
// query client, emotion, @innerecho/ui) before any of it is imported, or the page is blank.
import('./bootstrap').catch((error: unknown) => {
  console.error('InnerEcho failed to start', error);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<p style="font-family:system-ui,sans-serif;padding:48px 24px;text-align:center">' +
      'InnerEcho could not start. Please check your connection and <a href="">reload the page</a>.</p>';
  }
});

import { trackReferralFromUrl } from '@innerecho/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Referral attribution runs once per page load, outside React so StrictMode's double
// effects cannot send two clicks. It only ever logs its failures.
void trackReferralFromUrl();

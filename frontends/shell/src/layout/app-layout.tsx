import type { ReactNode } from 'react';
import { OfflineNotice } from './offline-notice';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export interface AppLayoutProps {
  children: ReactNode;
}

export function AppLayout({ children }: AppLayoutProps) {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <ScrollToTop />
      <a
        href="#main"
        css={(t) => ({
          position: 'absolute',
          left: 12,
          top: -60,
          zIndex: 100,
          padding: '10px 16px',
          borderRadius: t.radii.md,
          background: t.colors.primary,
          color: t.colors.primaryText,
          fontWeight: 600,
          textDecoration: 'none',
          '&:focus': { top: 12 },
        })}
      >
        Skip to content
      </a>
      <SiteHeader />
      <OfflineNotice />
      {/* At least a viewport tall, so the footer never jumps while a remote loads. */}
      <main id="main" tabIndex={-1} css={(t) => ({ flex: 1, minHeight: `calc(100dvh - ${t.headerHeight})`, outline: 'none' })}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

import { bareList, Container, Link } from '@innerecho/ui';

export const SUPPORT_EMAIL = 'support@innerecho.app';

const footerLink = (t: import('@emotion/react').Theme) => ({
  color: t.colors.textMuted,
  textDecoration: 'none',
  fontSize: 14.5,
  borderRadius: 4,
  '&:hover': { color: t.colors.text, textDecoration: 'underline', textUnderlineOffset: '3px' },
});

export function SiteFooter() {
  return (
    <footer css={(t) => ({ borderTop: `1px solid ${t.colors.border}`, padding: '32px 0 40px', marginTop: 'auto' })}>
      <Container
        css={(t) => ({
          display: 'flex',
          flexDirection: 'column',
          gap: 20,
          [t.mq.md]: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' },
        })}
      >
        <div css={{ display: 'grid', gap: 4 }}>
          <p css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 18, fontWeight: 600 })}>InnerEcho</p>
          <p css={(t) => ({ color: t.colors.textSubtle, fontSize: 14 })}>
            © {new Date().getFullYear()} InnerEcho. Affirmations in your own voice.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul css={{ display: 'flex', flexWrap: 'wrap', gap: '12px 24px', ...bareList }}>
            <li>
              <Link to="/privacy" css={footerLink}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" css={footerLink}>
                Terms of Service
              </Link>
            </li>
            <li>
              {/* Creators sign in to their own dashboard, apart from listeners' accounts. */}
              <Link to="/creator-login" css={footerLink}>
                Creator Sign-in
              </Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} css={footerLink}>
                Contact Support
              </a>
            </li>
          </ul>
        </nav>
      </Container>
    </footer>
  );
}

import { Container, LinkButton, IconBadge } from '@innerecho/ui';
import { Compass } from 'lucide-react';

export function NotFoundPage() {
  return (
    <Container css={{ paddingTop: 72, paddingBottom: 72 }}>
      <div css={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 16 }}>
        <IconBadge size={64}>
          <Compass size={30} />
        </IconBadge>
        <h1 css={{ fontSize: 'clamp(30px, 5vw, 40px)' }}>404 Page Not Found</h1>
        <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 440 })}>The page you are looking for does not exist or has moved.</p>
        <LinkButton to="/" css={{ marginTop: 8 }}>
          Go back home
        </LinkButton>
      </div>
    </Container>
  );
}

import styled from '@emotion/styled';
import type { ReactNode } from 'react';

/** Centred page column with side padding that grows with the viewport. */
export const Container = styled.div`
  width: 100%;
  max-width: ${(p) => p.theme.maxWidth};
  margin: 0 auto;
  /* Inline padding only, so pages can set their own vertical padding on a Container. */
  padding-inline: 20px;
  ${(p) => p.theme.mq.md} {
    padding-inline: 32px;
  }
`;

/** Vertical rhythm for a routed page. */
export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 32px;
  padding: 40px 0 72px;
  ${(p) => p.theme.mq.md} {
    padding: 56px 0 96px;
  }
`;

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Small label above the title. */
  eyebrow?: ReactNode;
  /** Buttons on the right (wrap below on phones). */
  actions?: ReactNode;
}

export function PageHeader({ title, description, eyebrow, actions }: PageHeaderProps) {
  return (
    <header css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 20 }}>
      <div css={{ display: 'flex', flexDirection: 'column', gap: 10, minWidth: 0, flex: '1 1 320px' }}>
        {eyebrow ? (
          <p css={(t) => ({ fontSize: 13, fontWeight: 600, letterSpacing: '0.08em', textTransform: 'uppercase', color: t.colors.accent })}>
            {eyebrow}
          </p>
        ) : null}
        <h1 css={(t) => ({ fontSize: 'clamp(30px, 5vw, 44px)', [t.mq.md]: { lineHeight: 1.1 } })}>{title}</h1>
        {description ? <p css={(t) => ({ color: t.colors.textMuted, fontSize: 17, maxWidth: 640 })}>{description}</p> : null}
      </div>
      {actions ? <div css={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>{actions}</div> : null}
    </header>
  );
}

/** Read by screen readers, not shown: for elements that cannot be a VisuallyHidden span (a label, a caption). */
/** A list that shows no bullets and no indent: the list is for screen readers, the layout is the page's. */
export const bareList = { listStyle: 'none', margin: 0, padding: 0 } as const;

export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export const VisuallyHidden = styled.span(visuallyHidden);

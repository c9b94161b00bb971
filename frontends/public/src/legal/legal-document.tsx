import { Container } from '@innerecho/ui';
import type { ReactNode } from 'react';

export const LEGAL_LAST_UPDATED = 'October 28, 2025';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** Readable long-form layout for the privacy policy and the terms, with a contents list. */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  return (
    <Container css={{ paddingBlock: '48px 96px' }}>
      <article
        css={(t) => ({
          maxWidth: 760,
          margin: '0 auto',
          display: 'grid',
          gap: 32,
          '& h2': { fontSize: 24, marginBottom: 12, scrollMarginTop: 88 },
          '& p, & li': { color: t.colors.textMuted, fontSize: 16.5, lineHeight: 1.75 },
          '& p + p, & p + ul, & ul + p': { marginTop: 12 },
          '& ul': { paddingLeft: 22, margin: 0, display: 'grid', gap: 6 },
          '& strong': { color: t.colors.text, fontWeight: 600 },
          '& a': { color: t.colors.primary, textUnderlineOffset: 3 },
        })}
      >
        <header css={{ display: 'grid', gap: 12 }}>
          <h1 css={{ fontSize: 'clamp(34px, 5.5vw, 48px)' }}>{title}</h1>
          <p css={(t) => ({ fontSize: 14.5, color: `${t.colors.textSubtle} !important` })}>Last updated: {LEGAL_LAST_UPDATED}</p>
          <div>{intro}</div>
        </header>
        <nav
          aria-label="Contents"
          css={(t) => ({
            padding: '20px 24px',
            borderRadius: t.radii.lg,
            border: `1px solid ${t.colors.border}`,
            background: t.colors.surface,
          })}
        >
          <p css={(t) => ({ fontWeight: 600, color: `${t.colors.text} !important`, marginBottom: 8 })}>Contents</p>
          <ol css={{ margin: 0, paddingLeft: 22, display: 'grid', gap: 4, columns: 'auto' }}>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.heading}</h2>
            {section.body}
          </section>
        ))}
      </article>
    </Container>
  );
}

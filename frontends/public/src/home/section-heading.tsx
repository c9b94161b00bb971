import type { ReactNode } from 'react';

export interface SectionHeadingProps {
  /** id of the h2, for the section's aria-labelledby. */
  id: string;
  /** Let a script move keyboard focus to the heading (after "View Pricing" scrolls here). */
  focusable?: boolean;
  eyebrow: string;
  title: ReactNode;
  description?: ReactNode;
}

/** Centred eyebrow, h2 and intro shared by the home page sections. */
export function SectionHeading({ id, focusable, eyebrow, title, description }: SectionHeadingProps) {
  return (
    <div css={{ display: 'grid', gap: 12, justifyItems: 'center', textAlign: 'center', maxWidth: 640, margin: '0 auto' }}>
      <p css={(t) => ({ fontSize: 13, fontWeight: 600, letterSpacing: '0.1em', textTransform: 'uppercase', color: t.colors.accent })}>
        {eyebrow}
      </p>
      <h2 id={id} tabIndex={focusable ? -1 : undefined} css={{ fontSize: 'clamp(28px, 4.4vw, 40px)', outline: 'none' }}>
        {title}
      </h2>
      {description ? <p css={(t) => ({ color: t.colors.textMuted, fontSize: 17 })}>{description}</p> : null}
    </div>
  );
}

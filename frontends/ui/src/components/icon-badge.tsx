import type { ReactNode } from 'react';

export type IconBadgeTone = 'accent' | 'primary' | 'success' | 'danger' | 'neutral' | 'outline';

export interface IconBadgeProps {
  /** The icon (or a short text such as a step number); the badge is decorative, so screen readers skip it. */
  children: ReactNode;
  tone?: IconBadgeTone;
  /** Width and height in pixels. */
  size?: number;
  /** A circle, or a square with rounded corners of this many pixels. */
  corner?: 'round' | number;
  className?: string;
}

/** The soft-coloured square or circle that carries an icon beside a title, a card or a message. */
export function IconBadge({ children, tone = 'accent', size = 44, corner = 'round', className }: IconBadgeProps) {
  return (
    <span
      aria-hidden
      className={className}
      css={(t) => {
        const looks: Record<IconBadgeTone, { background: string; color: string; border?: string }> = {
          accent: { background: t.colors.accentSoft, color: t.colors.accent },
          primary: { background: t.colors.primarySoft, color: t.colors.primary },
          success: { background: t.colors.successSoft, color: t.colors.success },
          danger: { background: t.colors.dangerSoft, color: t.colors.danger },
          neutral: { background: t.colors.surfaceSunken, color: t.colors.textMuted },
          outline: { background: t.colors.surface, color: t.colors.primary, border: `1px solid ${t.colors.borderStrong}` },
        };
        return {
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
          width: size,
          height: size,
          borderRadius: corner === 'round' ? '50%' : corner,
          ...looks[tone],
        };
      }}
    >
      {children}
    </span>
  );
}

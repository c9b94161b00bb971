import type { HTMLAttributes } from 'react';

export type BadgeVariant = 'default' | 'accent' | 'outline' | 'success' | 'danger';

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant };

export function Badge({ variant = 'default', ...rest }: BadgeProps) {
  return (
    <span
      css={(theme) => {
        const c = theme.colors;
        const looks: Record<BadgeVariant, { bg: string; fg: string; border: string }> = {
          default: { bg: c.primarySoft, fg: c.text, border: 'transparent' },
          accent: { bg: c.accentSoft, fg: c.text, border: 'transparent' },
          outline: { bg: 'transparent', fg: c.textMuted, border: c.borderStrong },
          success: { bg: c.successSoft, fg: c.text, border: 'transparent' },
          danger: { bg: c.dangerSoft, fg: c.text, border: 'transparent' },
        };
        const look = looks[variant];
        return {
          display: 'inline-flex',
          alignItems: 'center',
          gap: 6,
          padding: '2px 10px',
          borderRadius: theme.radii.pill,
          border: `1px solid ${look.border}`,
          background: look.bg,
          color: look.fg,
          fontSize: 12.5,
          fontWeight: 600,
          lineHeight: 1.6,
          whiteSpace: 'nowrap',
        };
      }}
      {...rest}
    />
  );
}

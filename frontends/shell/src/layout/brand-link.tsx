import { Link } from '@innerecho/ui';
import { useId } from 'react';

/** Logo mark (a soft waveform) and the product name; links home. */
export function BrandLink({ onNavigate }: BrandLinkProps) {
  // Unique per instance: the header and the mobile menu both show the mark.
  const gradientId = useId();
  return (
    <Link
      to="/"
      onClick={onNavigate}
      css={(t) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 10,
        color: t.colors.text,
        textDecoration: 'none',
        fontFamily: t.fonts.heading,
        fontSize: 21,
        fontWeight: 600,
        letterSpacing: '-0.01em',
        borderRadius: t.radii.sm,
      })}
    >
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--ie-accent)" />
            <stop offset="1" stopColor="var(--ie-primary)" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="10" fill={`url(#${gradientId})`} opacity="0.2" />
        <path
          d="M8 18v-4M12 21V11M16 23V9M20 20v-8M24 17v-2"
          stroke={`url(#${gradientId})`}
          strokeWidth="2.4"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      InnerEcho
    </Link>
  );
}

export interface BrandLinkProps {
  onNavigate?: () => void;
}

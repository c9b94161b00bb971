import { keyframes } from '@emotion/react';
import type { HTMLAttributes } from 'react';

const shimmer = keyframes`
  0% { background-position: 100% 0; }
  100% { background-position: -100% 0; }
`;

export type SkeletonProps = HTMLAttributes<HTMLDivElement> & {
  width?: number | string;
  height?: number | string;
  radius?: number | string;
};

/** A placeholder block; hidden from assistive tech (wrap lists in aria-busy instead). */
export function Skeleton({ width = '100%', height = 16, radius = 8, ...rest }: SkeletonProps) {
  return (
    <div
      aria-hidden
      css={(t) => ({
        width,
        height,
        borderRadius: radius,
        background: `linear-gradient(90deg, ${t.colors.surfaceSunken} 0%, ${t.colors.border} 50%, ${t.colors.surfaceSunken} 100%)`,
        backgroundSize: '200% 100%',
        animation: `${shimmer} 1.6s ease-in-out infinite`,
      })}
      {...rest}
    />
  );
}

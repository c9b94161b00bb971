import { useState } from 'react';

export interface CreatorAvatarProps {
  name: string;
  src: string;
  size?: number;
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/** The creator's picture, or their initials when there is none or it fails to load. */
export function CreatorAvatar({ name, src, size = 56 }: CreatorAvatarProps) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, borderRadius: '50%', flexShrink: 0 } as const;
  if (src && !failed) {
    return <img src={src} alt="" width={size} height={size} onError={() => setFailed(true)} css={{ ...box, objectFit: 'cover' }} />;
  }
  return (
    <span
      aria-hidden
      css={(t) => ({
        ...box,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: `linear-gradient(135deg, ${t.colors.primarySoft}, ${t.colors.accentSoft})`,
        color: t.colors.text,
        fontFamily: t.fonts.heading,
        fontWeight: 600,
        fontSize: size * 0.36,
        border: `1px solid ${t.colors.border}`,
      })}
    >
      {initialsOf(name)}
    </span>
  );
}

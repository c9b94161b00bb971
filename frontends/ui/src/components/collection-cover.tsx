import type { CollectionCoverColour } from '@innerecho/contracts';
import { Layers } from 'lucide-react';

/** The cover palette: soft gradients that read as the same colour on the light and the dark theme. */
export const COLLECTION_COVER_LOOKS: Record<CollectionCoverColour, { label: string; from: string; to: string; ink: string }> = {
  dawn: { label: 'Dawn', from: '#F8CDB0', to: '#EE9A8A', ink: '#5A2A22' },
  meadow: { label: 'Meadow', from: '#C4E6CB', to: '#78BF95', ink: '#1F4A30' },
  ocean: { label: 'Ocean', from: '#B4DAF4', to: '#5C9FD6', ink: '#173A5C' },
  lavender: { label: 'Lavender', from: '#E0D2F5', to: '#A98BDB', ink: '#3A2766' },
  ember: { label: 'Ember', from: '#F8DC96', to: '#E88A4E', ink: '#5A3212' },
  night: { label: 'Night', from: '#7484BD', to: '#2C386A', ink: '#F4F1FF' },
};

export interface CollectionCoverProps {
  colour: CollectionCoverColour;
  /** Height in pixels; the cover fills its width. */
  height?: number;
  className?: string;
}

/** A collection's cover: its colour with a quiet mark. Decorative: the title beside it names the collection. */
export function CollectionCover({ colour, height = 96, className }: CollectionCoverProps) {
  const look = COLLECTION_COVER_LOOKS[colour] ?? COLLECTION_COVER_LOOKS.dawn;
  return (
    <div
      aria-hidden
      className={className}
      css={(t) => ({
        height,
        borderRadius: t.radii.md,
        background: `linear-gradient(135deg, ${look.from}, ${look.to})`,
        color: look.ink,
        display: 'flex',
        alignItems: 'flex-end',
        padding: 12,
        flexShrink: 0,
      })}
    >
      <Layers size={Math.min(28, Math.round(height / 3))} strokeWidth={1.75} />
    </div>
  );
}

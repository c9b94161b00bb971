import { COLLECTION_COVER_COLOURS, type CollectionCoverColour } from '@innerecho/contracts';
import { COLLECTION_COVER_LOOKS, visuallyHidden } from '@innerecho/ui';

export interface CoverColourFieldProps {
  /** Names the radio group; unique per dialog. */
  name: string;
  value: CollectionCoverColour;
  onChange: (colour: CollectionCoverColour) => void;
}

/** The collection cover's colour, one radio per gradient with its swatch. */
export function CoverColourField({ name, value: coverColour, onChange }: CoverColourFieldProps) {
  return (
    <fieldset css={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 8 }}>
      <legend css={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>Cover colour</legend>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 10 }}>
        {COLLECTION_COVER_COLOURS.map((colour) => {
          const look = COLLECTION_COVER_LOOKS[colour];
          return (
            <label
              key={colour}
              css={(t) => ({
                display: 'inline-flex',
                alignItems: 'center',
                gap: 8,
                padding: '6px 12px 6px 6px',
                borderRadius: t.radii.pill,
                border: `2px solid ${coverColour === colour ? t.colors.primary : t.colors.border}`,
                cursor: 'pointer',
                fontSize: 14,
                '&:focus-within': { outline: `2px solid ${t.colors.focusRing}`, outlineOffset: 2 },
              })}
            >
              <input
                type="radio"
                name={name}
                value={colour}
                checked={coverColour === colour}
                onChange={() => onChange(colour)}
                css={visuallyHidden}
              />
              <span
                aria-hidden
                css={{ width: 24, height: 24, borderRadius: '50%', background: `linear-gradient(135deg, ${look.from}, ${look.to})` }}
              />
              {look.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

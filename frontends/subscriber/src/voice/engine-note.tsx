import { Info } from 'lucide-react';

export interface EngineNoteProps {
  engine: 'local' | 'elevenlabs' | null | undefined;
}

/**
 * Says plainly what kind of voice the listener gets: a true clone, or a voice matched to their
 * recording. Which engine runs is an operator's choice (ELEVENLABS_API_KEY, see the README);
 * the listener only hears what it means for them.
 */
export function EngineNote({ engine }: EngineNoteProps) {
  if (!engine) return null;
  return (
    <p
      css={(t) => ({
        display: 'flex',
        gap: 10,
        alignItems: 'flex-start',
        fontSize: 14,
        textAlign: 'left',
        color: t.colors.textMuted,
        padding: '12px 14px',
        borderRadius: t.radii.md,
        background: t.colors.surfaceSunken,
        border: `1px solid ${t.colors.border}`,
      })}
    >
      <Info size={18} aria-hidden css={(t) => ({ flexShrink: 0, marginTop: 1, color: t.colors.accent })} />
      {engine === 'elevenlabs' ? (
        <span>Your affirmations are spoken in a clone of your own voice, made from your recording.</span>
      ) : (
        <span>
          Your affirmations are spoken by our own voice engine, matched to your recording&rsquo;s pitch, range and tone. It sounds like you,
          though it is not an exact copy of your voice.
        </span>
      )}
    </p>
  );
}

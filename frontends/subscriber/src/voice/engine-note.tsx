import { Info } from 'lucide-react';

export interface EngineNoteProps {
  engine: 'local' | 'elevenlabs' | null | undefined;
}

/** Says plainly what kind of voice the user gets: a voice-matched local voice, or a true clone. */
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
        <span>Your voice is cloned with ElevenLabs: a true clone of your recording.</span>
      ) : (
        <span>
          This installation uses InnerEcho&rsquo;s local voice engine: a synthetic voice matched to your recording&rsquo;s pitch, range and
          tone, not a true clone. When ElevenLabs is configured, InnerEcho makes a true clone of your voice.
        </span>
      )}
    </p>
  );
}

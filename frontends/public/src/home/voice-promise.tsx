import { useQuery } from '@tanstack/react-query';
import { AudioLines, Mic } from 'lucide-react';
import { apiQuery, IconBadge } from '@innerecho/ui';
import type { VoiceEngineView } from '@innerecho/contracts';

/**
 * What the voice will sound like, said before anyone pays. Which engine makes voices is the
 * deployment's choice; the answer is read from the voice service. Until it is known (or if it
 * cannot be read) the page says the more modest thing, the built-in engine's.
 */
export function useVoiceEngine(): VoiceEngineView['cloneEngine'] {
  const engine = useQuery({ ...apiQuery('GET /api/voice-engine'), staleTime: Infinity });
  return engine.data?.cloneEngine ?? 'local';
}

/** The voice as the plans list it: a clone, or a voice matched to the recording. */
export const voiceFeature = (engine: VoiceEngineView['cloneEngine']) =>
  engine === 'elevenlabs' ? 'A clone of your voice from a short recording' : 'A voice matched to yours from a short recording';

/** The voice engine's sentence, in listener words. */
const engineSentence = (engine: VoiceEngineView['cloneEngine']) =>
  engine === 'elevenlabs'
    ? 'Your affirmations are spoken in a clone of your own voice, made from a short recording.'
    : 'Our own voice engine speaks your affirmations in a voice matched to your recording’s pitch, range and tone. It sounds like you, though it is not an exact copy of your voice.';

const RECORD_IT_YOURSELF_SENTENCE =
  'Want your exact voice? Choose “Record it yourself” on any affirmation and read it aloud once: every length you generate of it then plays your own recording, over the music you choose.';

export interface VoicePromiseProps {
  /** id of the heading, for the section's label. */
  headingId: string;
}

/** Two plain answers side by side: the voice the engine makes, and the exact voice of reading it yourself. */
export function VoicePromise({ headingId }: VoicePromiseProps) {
  const engine = useVoiceEngine();
  const items = [
    {
      icon: <AudioLines size={22} />,
      title: engine === 'elevenlabs' ? 'A clone of your voice' : 'A voice matched to yours',
      text: engineSentence(engine),
    },
    { icon: <Mic size={22} />, title: 'Your exact voice', text: RECORD_IT_YOURSELF_SENTENCE },
  ];
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      css={(t) => ({
        display: 'grid',
        gap: 16,
        width: '100%',
        maxWidth: 880,
        margin: '0 auto',
        [t.mq.md]: { gridTemplateColumns: 'repeat(2, 1fr)' },
      })}
    >
      <h3 id={headingId} css={(t) => ({ gridColumn: '1 / -1', fontSize: 20, textAlign: 'center', [t.mq.md]: { fontSize: 22 } })}>
        What your voice will sound like
      </h3>
      {items.map((item) => (
        <div
          key={item.title}
          css={(t) => ({
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            gap: '6px 14px',
            alignItems: 'start',
            padding: 20,
            borderRadius: t.radii.lg,
            border: `1px solid ${t.colors.border}`,
            background: t.colors.surface,
          })}
        >
          <IconBadge css={{ gridRow: 'span 2' }}>{item.icon}</IconBadge>
          <p css={{ fontWeight: 600, fontSize: 17, margin: 0 }}>{item.title}</p>
          <p css={(t) => ({ color: t.colors.textMuted, fontSize: 15, margin: 0, lineHeight: 1.55 })}>{item.text}</p>
        </div>
      ))}
    </div>
  );
}

import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { bareList, Card } from '@innerecho/ui';
import { RECORDING_TIME_TEXT } from './recording-time';

export type SampleSentencesCardProps = Record<string, never>;

/** The instructions and the five sentences to read aloud. */
export function SampleSentencesCard(_props: SampleSentencesCardProps) {
  return (
    <Card css={{ padding: 28, display: 'grid', gap: 20, alignContent: 'start' }}>
      <div css={{ display: 'grid', gap: 8 }}>
        <h2 css={{ fontSize: 22 }}>Read these five sentences</h2>
        <p css={(t) => ({ color: t.colors.textMuted })}>
          Find a quiet room and speak slowly and soulfully, as if you were talking to someone you love. Pause briefly between sentences.
          Reading all five takes {RECORDING_TIME_TEXT}.
        </p>
      </div>
      <ol css={{ ...bareList, display: 'grid', gap: 12 }}>
        {VOICE_SAMPLE_SENTENCES.map((sentence, index) => (
          <li
            key={sentence}
            css={(t) => ({
              display: 'grid',
              gridTemplateColumns: '32px 1fr',
              gap: 12,
              alignItems: 'start',
              padding: '14px 16px',
              borderRadius: t.radii.md,
              background: t.colors.surfaceSunken,
              border: `1px solid ${t.colors.border}`,
            })}
          >
            <span
              aria-hidden
              css={(t) => ({
                width: 28,
                height: 28,
                borderRadius: t.radii.pill,
                display: 'grid',
                placeItems: 'center',
                fontSize: 13,
                fontWeight: 700,
                color: t.colors.accent,
                background: t.colors.accentSoft,
              })}
            >
              {index + 1}
            </span>
            <p css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 18, lineHeight: 1.45 })}>{sentence}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

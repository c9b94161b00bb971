import { Mic } from 'lucide-react';
import { Card, LinkButton } from '@innerecho/ui';

export type VoiceNotClonedCardProps = Record<string, never>;

/** Generation needs a cloned voice: shown on /generate/{id} while the listener is sent to record one. */
export function VoiceNotClonedCard(_props: VoiceNotClonedCardProps) {
  return (
    <Card
      css={{ display: 'grid', gap: 16, justifyItems: 'center', textAlign: 'center', padding: '40px 24px', maxWidth: 560, margin: '0 auto' }}
    >
      <span
        aria-hidden
        css={(t) => ({
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          background: t.colors.accentSoft,
          color: t.colors.accent,
        })}
      >
        <Mic size={34} />
      </span>
      <h2 css={{ fontSize: 26 }}>Voice Not Cloned</h2>
      <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 420 })}>
        You need to record and clone your voice before generating affirmations.
      </p>
      <LinkButton to="/record-voice" size="lg">
        Record Your Voice
      </LinkButton>
    </Card>
  );
}

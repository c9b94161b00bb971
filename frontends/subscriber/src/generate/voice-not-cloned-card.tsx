import { Mic } from 'lucide-react';
import { LinkButton, PromptCard } from '@innerecho/ui';

export type VoiceNotClonedCardProps = Record<string, never>;

/** Generation needs a cloned voice: shown on /generate/{id} while the listener is sent to record one. */
export function VoiceNotClonedCard(_props: VoiceNotClonedCardProps) {
  return (
    <PromptCard
      icon={<Mic size={30} />}
      title="Voice Not Cloned"
      description="You need to record and clone your voice before generating affirmations."
      actions={
        <LinkButton to="/record-voice" size="lg">
          Record Your Voice
        </LinkButton>
      }
    />
  );
}

import { Mic } from 'lucide-react';
import { LinkButton, PromptCard } from '@innerecho/ui';
import { recordVoicePath } from '../voice/record-voice-path';

export interface VoiceNotClonedCardProps {
  /** The page to come back to once the voice is recorded (this affirmation). */
  returnTo: string;
  /** The affirmation's title, when known, so the listener sees it is kept. */
  title?: string;
}

/**
 * Generation needs the listener's voice. Recording it is a normal first step, not an error:
 * say so, and bring them back to the affirmation they chose once it is done.
 */
export function VoiceNotClonedCard({ returnTo, title }: VoiceNotClonedCardProps) {
  return (
    <PromptCard
      icon={<Mic size={30} />}
      title="First, Record Your Voice"
      description={
        <>
          Affirmations are spoken in your own voice, so we need a short recording first: five sentences, about 30 seconds.{' '}
          {title ? <>Then you come straight back to &ldquo;{title}&rdquo;.</> : 'Then you come straight back here.'}
        </>
      }
      actions={
        <LinkButton to={recordVoicePath(returnTo)} size="lg">
          Record Your Voice
        </LinkButton>
      }
    />
  );
}

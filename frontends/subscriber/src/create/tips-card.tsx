import { Lightbulb } from 'lucide-react';
import { Card, CardTitle } from '@innerecho/ui';

export type TipsCardProps = Record<string, never>;

const TIPS = [
  'Write in the present tense, as if it is already true: "I am calm", not "I will be calm".',
  'Keep it personal and positive: say what you welcome rather than what you avoid.',
  'Short sentences with natural pauses sound best when they repeat.',
  'Read it aloud once. If it feels true in your mouth, it will feel true in your ears.',
];

/** Writing tips below the form on /create-affirmation. */
export function TipsCard(_props: TipsCardProps) {
  return (
    <Card aria-labelledby="tips-title" css={(t) => ({ background: t.colors.surfaceRaised })}>
      <div css={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <span aria-hidden css={(t) => ({ color: t.colors.accent, display: 'inline-flex' })}>
          <Lightbulb size={20} />
        </span>
        <CardTitle id="tips-title" as="h2">
          Tips for powerful affirmations
        </CardTitle>
      </div>
      <ul css={(t) => ({ margin: 0, paddingLeft: 20, display: 'grid', gap: 8, color: t.colors.textMuted, lineHeight: 1.55 })}>
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  );
}

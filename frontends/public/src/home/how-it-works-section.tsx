import { bareList, Container, IconBadge } from '@innerecho/ui';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    title: 'Record Your Voice',
    text: 'Read five short sentences aloud, slowly and soulfully. It takes about 30 seconds.',
  },
  {
    title: 'Choose Affirmations',
    text: 'Pick from the library or write your own, then choose background music and a length.',
  },
  {
    title: 'Listen & Transform',
    text: 'Play it every day, adjust the speed, and download it to listen offline.',
  },
];

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-title" css={{ padding: '56px 0' }}>
      <Container css={{ display: 'grid', gap: 40 }}>
        <SectionHeading id="how-title" eyebrow="Three calm steps" title="How It Works" />
        <ol
          css={(t) => ({
            display: 'grid',
            gap: 28,
            ...bareList,
            counterReset: 'step',
            [t.mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)', gap: 32 },
          })}
        >
          {STEPS.map(({ title, text }, index) => (
            <li key={title} css={{ display: 'grid', gap: 12, justifyItems: 'center', textAlign: 'center' }}>
              <IconBadge tone="outline" size={56} css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 24 })}>
                {index + 1}
              </IconBadge>
              <h3 css={{ fontSize: 21 }}>{title}</h3>
              <p css={(t) => ({ color: t.colors.textMuted, maxWidth: 320 })}>{text}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

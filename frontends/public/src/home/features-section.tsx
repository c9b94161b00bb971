import { bareList, Card, CardDescription, CardTitle, Container, IconBadge } from '@innerecho/ui';
import { Library, Mic, Sparkles, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading';

const FEATURES: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Your Voice',
    text: 'Record a short sample once. Every affirmation is then spoken in a voice matched to yours, the voice you trust most.',
    icon: Mic,
  },
  {
    title: 'Any Length',
    text: 'A voice engine shapes its speech to your sample, looped to the length you choose, from 1 minute to 1 hour. Or read it yourself.',
    icon: Sparkles,
  },
  {
    title: 'Rich Library',
    text: 'Curated affirmations for wealth, health, confidence, calm and happiness, from featured creators, or in your own words.',
    icon: Library,
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" css={{ padding: '56px 0' }}>
      <Container css={{ display: 'grid', gap: 40 }}>
        <SectionHeading
          id="features-title"
          eyebrow="Why InnerEcho"
          title="Words that land, because they sound like you"
          description="We believe what we hear ourselves say. InnerEcho makes your daily affirmations personal."
        />
        <ul
          css={(t) => ({
            display: 'grid',
            gap: 20,
            ...bareList,
            [t.mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)' },
          })}
        >
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <li key={title} css={{ display: 'flex' }}>
              <Card css={{ flex: 1 }}>
                <IconBadge size={48} corner={14}>
                  <Icon size={22} />
                </IconBadge>
                <CardTitle>{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

import { Button, Container } from '@innerecho/ui';
import { Play } from 'lucide-react';
import { GetStartedButton } from './get-started-button';

export interface HeroSectionProps {
  onViewPricing: () => void;
}

const WAVE = [10, 18, 26, 14, 32, 22, 40, 28, 18, 34, 24, 14, 30, 20, 36, 26, 16, 28, 12, 22, 30, 18, 10, 16];

export function HeroSection({ onViewPricing }: HeroSectionProps) {
  return (
    <section aria-labelledby="hero-title" css={{ padding: '56px 0 48px' }}>
      <Container
        css={(t) => ({
          display: 'grid',
          gap: 48,
          alignItems: 'center',
          [t.mq.lg]: { gridTemplateColumns: '1.15fr 0.85fr', gap: 64, paddingBlock: '40px 24px' },
        })}
      >
        <div css={{ display: 'grid', gap: 24, justifyItems: 'start' }}>
          <p
            css={(t) => ({
              display: 'inline-flex',
              alignItems: 'center',
              gap: 8,
              padding: '6px 14px',
              borderRadius: t.radii.pill,
              border: `1px solid ${t.colors.border}`,
              background: t.colors.surface,
              color: t.colors.textMuted,
              fontSize: 14,
            })}
          >
            <span aria-hidden css={(t) => ({ width: 8, height: 8, borderRadius: '50%', background: t.colors.primary })} />
            3-day free trial on every plan
          </p>
          <h1 id="hero-title" css={{ fontSize: 'clamp(40px, 7vw, 68px)', lineHeight: 1.04, letterSpacing: '-0.02em' }}>
            Personalized Affirmations{' '}
            <span
              css={(t) => ({
                fontStyle: 'italic',
                fontWeight: 500,
                background: `linear-gradient(100deg, ${t.colors.accent}, ${t.colors.primary})`,
                // Room for the italic overhang, which background-clip would otherwise cut off.
                paddingRight: '0.08em',
                WebkitBoxDecorationBreak: 'clone',
                boxDecorationBreak: 'clone',
                WebkitBackgroundClip: 'text',
                backgroundClip: 'text',
                color: 'transparent',
              })}
            >
              In Your Own Voice
            </span>
          </h1>
          <p css={(t) => ({ fontSize: 'clamp(17px, 2.2vw, 20px)', color: t.colors.textMuted, maxWidth: 560 })}>
            Record a short voice sample once. InnerEcho then speaks the affirmations you choose in your own voice, over gentle music, for as
            long as you like.
          </p>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 4 }}>
            <GetStartedButton label="Get Started" />
            <Button variant="outline" size="lg" onClick={onViewPricing}>
              View Pricing
            </Button>
          </div>
        </div>
        <HeroPreview />
      </Container>
    </section>
  );
}

/** A decorative "now playing" card that shows what the product makes. */
function HeroPreview() {
  return (
    <div
      aria-hidden
      css={(t) => ({
        position: 'relative',
        justifySelf: 'center',
        width: '100%',
        maxWidth: 440,
        padding: 28,
        borderRadius: t.radii.xl,
        border: `1px solid ${t.colors.border}`,
        background: `linear-gradient(160deg, ${t.colors.surfaceRaised}, ${t.colors.surface})`,
        boxShadow: t.colors.shadow,
        display: 'grid',
        gap: 22,
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: -1,
          zIndex: -1,
          borderRadius: t.radii.xl,
          background: `linear-gradient(140deg, ${t.colors.accent}, ${t.colors.primary})`,
          filter: 'blur(42px)',
          opacity: 0.28,
        },
      })}
    >
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
        <span css={(t) => ({ fontSize: 13, fontWeight: 600, letterSpacing: '0.08em', textTransform: 'uppercase', color: t.colors.accent })}>
          Now playing · your voice
        </span>
        <span css={(t) => ({ fontSize: 13, color: t.colors.textSubtle, whiteSpace: 'nowrap' })}>10m 0s</span>
      </div>
      <p css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 26, lineHeight: 1.3, fontStyle: 'italic' })}>
        “I am calm, I am capable, and I am exactly where I need to be.”
      </p>
      <div css={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <span
          css={(t) => ({
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
            width: 52,
            height: 52,
            borderRadius: '50%',
            background: t.colors.primary,
            color: t.colors.primaryText,
          })}
        >
          <Play size={22} fill="currentColor" />
        </span>
        <div css={{ display: 'flex', alignItems: 'center', gap: 3, height: 44, flex: 1, overflow: 'hidden' }}>
          {WAVE.map((height, index) => (
            <span
              key={index}
              css={(t) => ({
                flex: '1 0 4px',
                maxWidth: 6,
                height,
                borderRadius: 3,
                background: index < 10 ? t.colors.primary : t.colors.borderStrong,
              })}
            />
          ))}
        </div>
      </div>
      <div css={(t) => ({ display: 'flex', flexWrap: 'wrap', gap: 8, fontSize: 13, color: t.colors.textMuted })}>
        {['Calm & Relaxation', 'Soft piano', '1.0x'].map((chip) => (
          <span key={chip} css={(t) => ({ padding: '4px 10px', borderRadius: t.radii.pill, background: t.colors.surfaceSunken })}>
            {chip}
          </span>
        ))}
      </div>
    </div>
  );
}

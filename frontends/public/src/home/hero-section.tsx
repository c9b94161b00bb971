import { useEffect, useRef, useState } from 'react';
import { bareList, Button, Container, ManageSubscriptionButton, formatClock, useAuth } from '@innerecho/ui';
import { Pause, Play } from 'lucide-react';
import heroSampleUrl from '../assets/hero-sample.mp3';
import { GetStartedButton } from './get-started-button';
import { useVoiceEngine } from './voice-promise';

export interface HeroSectionProps {
  onViewPricing: () => void;
}

const WAVE = [10, 18, 26, 14, 32, 22, 40, 28, 18, 34, 24, 14, 30, 20, 36, 26, 16, 28, 12, 22, 30, 18, 10, 16];

export function HeroSection({ onViewPricing }: HeroSectionProps) {
  const { hasActiveSubscription } = useAuth();
  const engine = useVoiceEngine();
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
            {engine === 'elevenlabs'
              ? 'Record a short voice sample once. InnerEcho then speaks the affirmations you choose in a clone of your voice, over gentle music, for as long as you like.'
              : 'Record a short voice sample once. InnerEcho then speaks the affirmations you choose in a voice matched to yours (close to you, not an exact copy), over gentle music, for as long as you like. Read one aloud yourself and it plays in your exact voice.'}
          </p>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 4 }}>
            <GetStartedButton label="Get Started" onStartTrial={onViewPricing} />
            {hasActiveSubscription ? (
              <ManageSubscriptionButton size="lg" variant="outline" />
            ) : (
              <Button variant="outline" size="lg" onClick={onViewPricing}>
                View Pricing
              </Button>
            )}
          </div>
        </div>
        <HeroPreview />
      </Container>
    </section>
  );
}

/** The words spoken in the sample (rendered by infra/assets/render-hero-sample.ts). */
const SAMPLE_LINE = 'I am calm, I am capable, and I am exactly where I need to be.';

/**
 * A "now playing" card with a real sample: an affirmation spoken by InnerEcho's own voice
 * engine over a soft pad, as a generated one sounds. Play and pause it; the wave fills as it plays.
 */
function HeroPreview() {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  // The metadata can arrive before the handlers are attached (a cached file); read it then too.
  useEffect(() => {
    const el = audio.current;
    if (el && el.readyState >= 1 && Number.isFinite(el.duration)) setDuration(el.duration);
  }, []);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) {
      if (el.ended) el.currentTime = 0;
      el.play().catch((error: unknown) => {
        console.warn('the sample could not play', error);
        setPlaying(false);
      });
    } else {
      el.pause();
    }
  };

  return (
    <div
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
      <audio
        ref={audio}
        src={heroSampleUrl}
        preload="metadata"
        data-testid="hero-sample"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => setProgress(e.currentTarget.duration ? e.currentTarget.currentTime / e.currentTarget.duration : 0)}
      />
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
        <span css={(t) => ({ fontSize: 13, fontWeight: 600, letterSpacing: '0.08em', textTransform: 'uppercase', color: t.colors.accent })}>
          {playing ? 'Now playing' : 'Hear a sample'}
        </span>
        <span css={(t) => ({ fontSize: 13, color: t.colors.textMuted, whiteSpace: 'nowrap' })}>
          {duration ? formatClock(duration) : ''}
        </span>
      </div>
      <p css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 26, lineHeight: 1.3, fontStyle: 'italic' })}>“{SAMPLE_LINE}”</p>
      <div css={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? 'Pause sample' : 'Play sample'}
          css={(t) => ({
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
            width: 52,
            height: 52,
            borderRadius: '50%',
            border: 'none',
            cursor: 'pointer',
            background: t.colors.primary,
            color: t.colors.primaryText,
            transition: `background ${t.transition}, transform ${t.transition}`,
            '&:hover': { background: t.colors.primaryHover, transform: 'scale(1.04)' },
            '&:focus-visible': { outline: `2px solid ${t.colors.focusRing}`, outlineOffset: 3 },
          })}
        >
          {playing ? <Pause size={22} fill="currentColor" aria-hidden /> : <Play size={22} fill="currentColor" aria-hidden />}
        </button>
        <div aria-hidden css={{ display: 'flex', alignItems: 'center', gap: 3, height: 44, flex: 1, overflow: 'hidden' }}>
          {WAVE.map((height, index) => (
            <span
              key={index}
              css={(t) => ({
                flex: '1 0 4px',
                maxWidth: 6,
                height,
                borderRadius: 3,
                background: index < Math.round(progress * WAVE.length) ? t.colors.primary : t.colors.borderStrong,
                transition: `background ${t.transition}`,
              })}
            />
          ))}
        </div>
      </div>
      <ul
        aria-label="About this sample"
        css={(t) => ({
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          fontSize: 13,
          color: t.colors.textMuted,
          ...bareList,
        })}
      >
        {['Calm & Relaxation', 'Soft pad', '1.0x'].map((chip) => (
          <li key={chip} css={(t) => ({ padding: '4px 10px', borderRadius: t.radii.pill, background: t.colors.surfaceSunken })}>
            {chip}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { bareList, Badge, Button, Card, Container, ManageSubscriptionButton, useAuth } from '@innerecho/ui';
import { Check, CheckCircle2 } from 'lucide-react';
import { FREE_TRIAL_DAYS, PLAN_FEATURES, PLANS, type Plan } from './plans';
import { SectionHeading } from './section-heading';
import { useCheckout } from './use-checkout';
import { VoicePromise, useVoiceEngine, voiceFeature } from './voice-promise';

export const PRICING_SECTION_ID = 'pricing';
export const PRICING_HEADING_ID = 'pricing-title';

/**
 * The plans. A subscriber sees what their plan includes and "Manage subscription" instead of
 * buttons to buy a second one.
 */
export function PricingSection() {
  const { startCheckout, pendingPlan } = useCheckout();
  const { hasActiveSubscription } = useAuth();
  const engine = useVoiceEngine();
  return (
    <section id={PRICING_SECTION_ID} aria-labelledby={PRICING_HEADING_ID} css={{ padding: '64px 0' }}>
      <Container css={{ display: 'grid', gap: 40 }}>
        <SectionHeading
          id={PRICING_HEADING_ID}
          focusable
          eyebrow="Pricing"
          title="Simple, honest pricing"
          description="Every plan starts with a 3-day free trial and lets you generate up to 1 hour of audio every day."
        />
        {hasActiveSubscription ? <SubscribedNote /> : null}
        <ul
          css={(t) => ({
            display: 'grid',
            gap: 24,
            listStyle: 'none',
            margin: '0 auto',
            padding: 0,
            width: '100%',
            maxWidth: 880,
            [t.mq.md]: { gridTemplateColumns: 'repeat(2, 1fr)' },
          })}
        >
          {PLANS.map((plan) => (
            <li key={plan.id} css={{ display: 'flex' }}>
              <PlanCard
                plan={plan}
                voice={voiceFeature(engine)}
                pending={pendingPlan === plan.id}
                onChoose={hasActiveSubscription ? undefined : () => startCheckout(plan.id)}
              />
            </li>
          ))}
        </ul>
        <VoicePromise headingId="pricing-voice-title" />
      </Container>
    </section>
  );
}

export interface PlanCardProps {
  plan: Plan;
  /** What the voice will be, in listener words (it depends on the voice engine). */
  voice: string;
  pending: boolean;
  /** Starts the checkout; without it the card has no button (the listener already subscribes). */
  onChoose?: () => void;
}

export function PlanCard({ plan, voice, pending, onChoose }: PlanCardProps) {
  const featured = Boolean(plan.highlight);
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      css={(t) => ({
        flex: 1,
        gap: 24,
        padding: 32,
        position: 'relative',
        borderColor: featured ? t.colors.primary : t.colors.border,
        background: featured ? `linear-gradient(170deg, ${t.colors.primarySoft}, ${t.colors.surface} 45%)` : t.colors.surface,
      })}
    >
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <h3 id={titleId} css={{ fontSize: 24 }}>
          {plan.name}
        </h3>
        {plan.highlight ? <Badge>{plan.highlight}</Badge> : <Badge variant="outline">Flexible</Badge>}
      </div>
      <div css={{ display: 'grid', gap: 6 }}>
        <p css={{ display: 'flex', alignItems: 'baseline', gap: 4 }}>
          <span css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 48, fontWeight: 600, lineHeight: 1 })}>{plan.price}</span>
          <span css={(t) => ({ color: t.colors.textMuted, fontSize: 17 })}>{plan.period}</span>
        </p>
        <p css={(t) => ({ color: t.colors.textMuted, fontSize: 14.5 })}>{plan.billing}</p>
      </div>
      <ul css={{ display: 'grid', gap: 10, ...bareList, fontSize: 15 }}>
        {[`${FREE_TRIAL_DAYS}-day free trial`, voice, ...PLAN_FEATURES].map((feature) => (
          <li key={feature} css={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
            <Check size={18} aria-hidden css={(t) => ({ color: t.colors.success, marginTop: 3, flexShrink: 0 })} />
            {feature}
          </li>
        ))}
      </ul>
      {onChoose ? (
        <Button
          size="lg"
          fullWidth
          variant={featured ? 'primary' : 'secondary'}
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={onChoose}
          css={{ marginTop: 'auto' }}
        >
          {pending ? 'Loading...' : `Choose ${plan.name}`}
        </Button>
      ) : null}
    </Card>
  );
}

function SubscribedNote() {
  return (
    <div
      role="note"
      css={(t) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '12px 20px',
        padding: '16px 20px',
        margin: '0 auto',
        maxWidth: 880,
        width: '100%',
        borderRadius: t.radii.lg,
        border: `1px solid ${t.colors.border}`,
        background: t.colors.successSoft,
        textAlign: 'center',
      })}
    >
      <span css={{ display: 'inline-flex', alignItems: 'center', gap: 10, fontWeight: 600 }}>
        <CheckCircle2 size={20} aria-hidden css={(t) => ({ color: t.colors.success })} />
        You are subscribed. Change your plan, payment method or cancel at any time.
      </span>
      <ManageSubscriptionButton size="md" variant="outline" />
    </div>
  );
}

/** The two plans: $9.99 a month or $79.99 a year, each with a 3-day trial. Amounts in cents. */
export const PLAN_IDS = ['monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  interval: 'month' | 'year';
  trialDays: number;
  creditsPerDay: number;
}

export const PLANS: Record<PlanId, Plan> = {
  monthly: { id: 'monthly', name: 'Monthly', priceCents: 999, interval: 'month', trialDays: 3, creditsPerDay: 1 },
  yearly: { id: 'yearly', name: 'Yearly', priceCents: 7999, interval: 'year', trialDays: 3, creditsPerDay: 1 },
};

/** Up to one hour of generated audio per user per UTC day. */
export const DAILY_AUDIO_SECONDS = 3600;

/** The two subscription plans as the home page shows them. Prices are display strings; billing charges them. */
export type PlanId = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period: string;
  billing: string;
  highlight?: string;
}

export const FREE_TRIAL_DAYS = 3;

export const PLANS: Plan[] = [
  {
    id: 'monthly',
    name: 'Monthly',
    price: '$9.99',
    period: '/month',
    billing: 'Billed monthly after your 3-day free trial',
  },
  {
    id: 'yearly',
    name: 'Yearly',
    price: '$79.99',
    period: '/year',
    billing: 'Billed yearly after your 3-day free trial',
    highlight: 'Save $40 a year',
  },
];

/**
 * What every plan includes. The daily allowance is the rule the app enforces and shows by the
 * duration slider: up to an hour of generated audio a day, renewed at midnight UTC.
 */
/** What every plan includes; the voice line comes first and depends on the engine (voice-promise.tsx). */
export const PLAN_FEATURES = [
  'Up to 1 hour of audio generated every day',
  'Record it yourself: any affirmation in your exact voice',
  'Custom affirmations in your own words',
  'Background music',
  'Unlimited replays of saved affirmations',
  'Offline download (MP3)',
];

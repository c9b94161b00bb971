/** The two subscription plans (spec section 9). Prices are display strings, set by billing. */
export type PlanId = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period: string;
  billing: string;
  credits: string;
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
    credits: '1 credit per day (28-31 per month)',
  },
  {
    id: 'yearly',
    name: 'Yearly',
    price: '$79.99',
    period: '/year',
    billing: 'Billed yearly after your 3-day free trial',
    credits: '1 credit per day (365 per year)',
    highlight: 'Save $40 a year',
  },
];

/** What every plan includes. */
export const PLAN_FEATURES = [
  'Up to 1 hour of audio generated daily',
  'Voice cloning from a short recording',
  'Custom affirmations in your own words',
  'Background music',
  'Unlimited replays of saved affirmations',
  'Offline download (MP3)',
];

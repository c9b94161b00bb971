/** The parts of the distributed form, in the order they start; the gateway comes last. */
export const SERVICES = ['identity', 'voice', 'library', 'generation', 'billing', 'creator-referral', 'notifications'] as const;
export type ServiceName = (typeof SERVICES)[number];

import { BILLING_ENDPOINTS } from './billing-endpoints';
import { CREATOR_REFERRAL_ENDPOINTS } from './creator-referral-endpoints';
import type { Endpoint, ServiceName } from './define-endpoint';
import { GENERATION_ENDPOINTS } from './generation-endpoints';
import { IDENTITY_ENDPOINTS } from './identity-endpoints';
import { LIBRARY_ENDPOINTS } from './library-endpoints';
import { NOTIFICATIONS_ENDPOINTS } from './notifications-endpoints';
import { VOICE_ENDPOINTS } from './voice-endpoints';

/** Every service's endpoints, by service. */
export const ENDPOINTS_BY_SERVICE = {
  identity: IDENTITY_ENDPOINTS,
  voice: VOICE_ENDPOINTS,
  library: LIBRARY_ENDPOINTS,
  generation: GENERATION_ENDPOINTS,
  billing: BILLING_ENDPOINTS,
  'creator-referral': CREATOR_REFERRAL_ENDPOINTS,
  notifications: NOTIFICATIONS_ENDPOINTS,
} as const satisfies Record<ServiceName, Record<string, Endpoint>>;

export const ALL_ENDPOINTS = {
  ...IDENTITY_ENDPOINTS,
  ...VOICE_ENDPOINTS,
  ...LIBRARY_ENDPOINTS,
  ...GENERATION_ENDPOINTS,
  ...BILLING_ENDPOINTS,
  ...CREATOR_REFERRAL_ENDPOINTS,
  ...NOTIFICATIONS_ENDPOINTS,
};
export type AllEndpoints = typeof ALL_ENDPOINTS;
export type AnyEndpointId = keyof AllEndpoints;

/** Every endpoint in one list, in declaration order. */
export const ENDPOINT_LIST: Endpoint[] = Object.values(ENDPOINTS_BY_SERVICE).flatMap((declared) => Object.values(declared) as Endpoint[]);

/** The endpoints the gateway forwards: every /api path (the rest are called inside the system). */
export const PUBLIC_ENDPOINTS = ENDPOINT_LIST.filter((endpoint) => endpoint.path.startsWith('/api/'));

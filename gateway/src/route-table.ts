/**
 * Every /api path the browser may call, and the one service behind it. Nothing else is
 * forwarded: an /api path missing here answers 404 at the gateway.
 *
 * A prefix matches itself and anything below it ('/api/auth' matches '/api/auth/user').
 * `methods` narrows a row; the first matching row wins.
 */
export const SERVICE_NAMES = ['identity', 'voice', 'library', 'generation', 'billing', 'creator-referral'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface RouteRow {
  prefix: string;
  service: ServiceName;
  methods?: string[];
  /** Largest request body accepted on this route, in bytes. */
  maxBodyBytes?: number;
  /** Sign-in attempts: rate limited per client address. */
  signIn?: boolean;
}

const MB = 1024 * 1024;

export const ROUTE_TABLE: RouteRow[] = [
  // identity: sign-in, sign-up, sign-out, the current user, the OpenID callback
  { prefix: '/api/login', service: 'identity', signIn: true },
  { prefix: '/api/signup', service: 'identity', signIn: true },
  { prefix: '/api/logout', service: 'identity' },
  { prefix: '/api/auth', service: 'identity' },

  // voice: profile, sample upload and cloning, the stored samples
  { prefix: '/api/voice-profile', service: 'voice' },
  { prefix: '/api/files/voice', service: 'voice', maxBodyBytes: 25 * MB },

  // library: transcripts, creators' public pages, custom affirmations, music and its uploads
  { prefix: '/api/transcripts', service: 'library' },
  { prefix: '/api/creators', service: 'library', methods: ['GET', 'HEAD'] },
  { prefix: '/api/creators', service: 'creator-referral' }, // admin writes: accounts live there
  { prefix: '/api/custom-affirmations', service: 'library' },
  { prefix: '/api/background-music', service: 'library' },
  { prefix: '/api/uploads', service: 'library' },
  { prefix: '/api/files/library', service: 'library', maxBodyBytes: 60 * MB },

  // generation: rendering, today's allowance, the saved library (and each item's playback speed), the rendered files
  { prefix: '/api/generate-audio/allowance', service: 'generation', methods: ['GET', 'HEAD'] },
  { prefix: '/api/generate-audio', service: 'generation' },
  { prefix: '/api/saved-affirmations', service: 'generation' },
  { prefix: '/api/files/generation', service: 'generation' },

  // billing: checkout, webhooks, the customer portal
  { prefix: '/api/create-checkout-session', service: 'billing' },
  { prefix: '/api/billing', service: 'billing' },

  // creator-referral: referral links, the creator area, commissions and payouts
  { prefix: '/api/referrals', service: 'creator-referral' },
  { prefix: '/api/creator-auth/login', service: 'creator-referral', signIn: true },
  { prefix: '/api/creator-auth', service: 'creator-referral' },
  { prefix: '/api/commissions', service: 'creator-referral' },
  { prefix: '/api/creator-analytics', service: 'creator-referral' },
  { prefix: '/api/payouts', service: 'creator-referral' },
];

export const DEFAULT_MAX_BODY_BYTES = 1 * MB;

export function findRoute(method: string, path: string, table: RouteRow[] = ROUTE_TABLE): RouteRow | undefined {
  return table.find((row) => (path === row.prefix || path.startsWith(`${row.prefix}/`)) && (!row.methods || row.methods.includes(method)));
}

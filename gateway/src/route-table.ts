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
  /**
   * Attempts limited like sign-in, and the budget they count against (every method but GET
   * and HEAD): a listener's password guesses (signing in, and every route confirmed with the
   * password) share one budget per client address and one per signed-in account; creators'
   * sign-ins have their own, and so do sign-ups.
   */
  signIn?: 'listener-password' | 'creator-password' | 'sign-up';
  /**
   * A sign-in: its body names the account it tries (`email`), and the attempt counts against
   * that account too, so guesses at one account from many addresses stop at the same limit.
   */
  signInNamesAccount?: true;
  /**
   * What a write's body may be: JSON (the default); JSON or an HTML form (`json-or-form`: the
   * pages services render post forms, and check their origin); or a file's own bytes (`file`:
   * the signed upload addresses).
   */
  bodies?: 'json' | 'json-or-form' | 'file';
  /**
   * Every route under this row, as `METHOD /path/:param`: the public API at a glance, and
   * the list the security sweep (infra/embedded/test/security-sweep.test.ts) attacks.
   */
  routes: string[];
}

const MB = 1024 * 1024;

export const ROUTE_TABLE: RouteRow[] = [
  // identity: sign-in, sign-up, sign-out, the current user, the OpenID callback
  {
    prefix: '/api/login',
    service: 'identity',
    signIn: 'listener-password',
    signInNamesAccount: true,
    bodies: 'json-or-form',
    routes: ['GET /api/login', 'POST /api/login'],
  },
  { prefix: '/api/signup', service: 'identity', signIn: 'sign-up', bodies: 'json-or-form', routes: ['POST /api/signup'] },
  { prefix: '/api/logout', service: 'identity', bodies: 'json-or-form', routes: ['GET /api/logout', 'POST /api/logout'] },
  // A password change is confirmed with the current password: a guess, like a sign-in.
  {
    prefix: '/api/auth/password',
    service: 'identity',
    signIn: 'listener-password',
    bodies: 'json-or-form',
    routes: ['POST /api/auth/password'],
  },
  // Deleting the account is confirmed with the password: a guess, like a sign-in.
  {
    prefix: '/api/auth/account',
    service: 'identity',
    methods: ['DELETE', 'POST'],
    signIn: 'listener-password',
    bodies: 'json-or-form',
    routes: ['DELETE /api/auth/account', 'POST /api/auth/account/delete'],
  },
  {
    prefix: '/api/auth',
    service: 'identity',
    bodies: 'json-or-form', // sign out everywhere and the admin's setup page are forms
    routes: [
      'GET /api/auth/user',
      'GET /api/auth/session',
      'GET /api/auth/account',
      'POST /api/auth/logout-everywhere',
      'GET /api/auth/callback',
    ],
  },

  // voice: profile, sample upload and cloning, the stored samples, which engine makes voices
  { prefix: '/api/voice-engine', service: 'voice', methods: ['GET', 'HEAD'], routes: ['GET /api/voice-engine'] },
  {
    prefix: '/api/voice-profile',
    service: 'voice',
    routes: [
      'POST /api/voice-profile/upload',
      'POST /api/voice-profile/clone',
      'GET /api/voice-profile/:sessionId',
      'DELETE /api/voice-profile/:sessionId',
    ],
  },
  {
    prefix: '/api/files/voice',
    service: 'voice',
    maxBodyBytes: 25 * MB,
    bodies: 'file',
    routes: ['GET /api/files/voice/:key', 'PUT /api/files/voice/:key'],
  },

  // library: transcripts, creators' public pages, custom affirmations, music and its uploads
  {
    prefix: '/api/transcripts',
    service: 'library',
    routes: [
      'GET /api/transcripts',
      'GET /api/transcripts/:id',
      'POST /api/transcripts',
      'PUT /api/transcripts/:id',
      'DELETE /api/transcripts/:id',
    ],
  },
  {
    prefix: '/api/creators',
    service: 'library',
    methods: ['GET', 'HEAD'],
    routes: ['GET /api/creators', 'GET /api/creators/:id', 'GET /api/creators/:id/analytics', 'GET /api/creators/:id/transcripts'],
  },
  {
    prefix: '/api/creators',
    service: 'creator-referral',
    routes: ['POST /api/creators', 'PUT /api/creators/:id', 'DELETE /api/creators/:id', 'POST /api/creators/:id/setup-link'],
  }, // admin writes: accounts live there
  {
    prefix: '/api/custom-affirmations',
    service: 'library',
    routes: [
      'GET /api/custom-affirmations',
      'POST /api/custom-affirmations',
      'GET /api/custom-affirmations/:id',
      'PUT /api/custom-affirmations/:id',
      'DELETE /api/custom-affirmations/:id',
    ],
  },
  {
    prefix: '/api/background-music',
    service: 'library',
    routes: [
      'GET /api/background-music',
      'POST /api/background-music',
      'GET /api/background-music/:id/audio',
      'DELETE /api/background-music/:id',
      'POST /api/background-music/upload',
    ],
  },
  {
    prefix: '/api/uploads',
    service: 'library',
    routes: [
      'GET /api/uploads/s3/params',
      'GET /api/uploads/s3/sts',
      'POST /api/uploads/s3/multipart',
      'GET /api/uploads/s3/multipart/:uploadId',
      'GET /api/uploads/s3/multipart/:uploadId/:partNumber',
      'POST /api/uploads/s3/multipart/:uploadId/complete',
      'DELETE /api/uploads/s3/multipart/:uploadId',
    ],
  },
  {
    prefix: '/api/files/library',
    service: 'library',
    maxBodyBytes: 60 * MB,
    bodies: 'file',
    routes: ['GET /api/files/library/:key', 'PUT /api/files/library/:key'],
  },

  // generation: rendering, today's allowance, the saved library (and each item's playback speed), the rendered files
  {
    prefix: '/api/generate-audio/allowance',
    service: 'generation',
    methods: ['GET', 'HEAD'],
    routes: ['GET /api/generate-audio/allowance'],
  },
  {
    prefix: '/api/generate-audio',
    service: 'generation',
    routes: ['POST /api/generate-audio', 'POST /api/generate-audio/preview', 'GET /api/generate-audio/queue'],
  },
  {
    prefix: '/api/saved-affirmations',
    service: 'generation',
    routes: [
      'GET /api/saved-affirmations/:sessionId',
      'GET /api/saved-affirmations/:sessionId/streak',
      'POST /api/saved-affirmations/:sessionId/:id/plays',
      'PATCH /api/saved-affirmations/:sessionId/:id',
      'DELETE /api/saved-affirmations/:sessionId/:id',
      'GET /api/saved-affirmations/:sessionId/:id/audio',
    ],
  },
  {
    prefix: '/api/own-recordings',
    service: 'generation',
    routes: [
      'GET /api/own-recordings/:sessionId/:affirmationId',
      'PUT /api/own-recordings/:sessionId/:affirmationId',
      'DELETE /api/own-recordings/:sessionId/:affirmationId',
      'GET /api/own-recordings/:sessionId/:affirmationId/audio',
    ],
  },
  { prefix: '/api/files/generation', service: 'generation', routes: ['GET /api/files/generation/:key'] },

  // billing: checkout, webhooks, the customer portal
  { prefix: '/api/create-checkout-session', service: 'billing', routes: ['POST /api/create-checkout-session'] },
  {
    prefix: '/api/billing',
    service: 'billing',
    bodies: 'json-or-form', // the demo checkout and portal pages are forms
    routes: [
      'POST /api/billing/portal',
      'POST /api/billing/webhook',
      'GET /api/billing/checkout-return',
      'GET /api/billing/checkout-status/:checkoutId',
      'GET /api/billing/demo-checkout/:id',
      'POST /api/billing/demo-checkout/:id/complete',
      'GET /api/billing/demo-portal',
      'POST /api/billing/demo-portal/:subscriptionId/:action',
    ],
  },

  // creator-referral: referral links, the creator area, commissions and payouts
  { prefix: '/api/referrals', service: 'creator-referral', routes: ['GET /api/referrals/validate/:code', 'POST /api/referrals/click'] },
  {
    prefix: '/api/creator-auth/login',
    service: 'creator-referral',
    signIn: 'creator-password',
    signInNamesAccount: true,
    routes: ['POST /api/creator-auth/login'],
  },
  // a creator chooses a password through an admin's one-time link: a page with a form (it checks its origin), limited like a sign-in
  {
    prefix: '/api/creator-auth/setup',
    service: 'creator-referral',
    signIn: 'creator-password',
    bodies: 'json-or-form',
    routes: ['GET /api/creator-auth/setup', 'POST /api/creator-auth/setup'],
  },
  { prefix: '/api/creator-accounts', service: 'creator-referral', routes: ['GET /api/creator-accounts'] },
  {
    prefix: '/api/creator-auth',
    service: 'creator-referral',
    routes: [
      'GET /api/creator-auth/current',
      'GET /api/creator-auth/session',
      'POST /api/creator-auth/logout',
      'POST /api/creator-auth/logout-everywhere',
    ],
  },
  { prefix: '/api/commissions', service: 'creator-referral', routes: ['GET /api/commissions/creator/:creatorId'] },
  { prefix: '/api/creator-analytics', service: 'creator-referral', routes: ['GET /api/creator-analytics/:creatorId'] },
  {
    prefix: '/api/payouts',
    service: 'creator-referral',
    routes: [
      'GET /api/payouts/creator/:creatorId',
      'GET /api/payouts/creator/:creatorId/summary',
      'POST /api/payouts/creator/:creatorId/request',
      'GET /api/payouts/balances',
      'GET /api/payouts',
      'POST /api/payouts',
      'POST /api/payouts/:payoutId/complete',
      'POST /api/payouts/:payoutId/fail',
    ],
  },
];

export const DEFAULT_MAX_BODY_BYTES = 1 * MB;

/**
 * A signed-in listener's own reads, made by every page they open: forwarded the short way
 * (`personalReadLane`) when the session is valid. Each is also one of the routes above.
 */
export const PERSONAL_READS = [
  'GET /api/auth/user',
  'GET /api/auth/session',
  'GET /api/voice-profile/:sessionId',
  'GET /api/generate-audio/allowance',
  'GET /api/saved-affirmations/:sessionId',
  'GET /api/saved-affirmations/:sessionId/streak',
  'GET /api/own-recordings/:sessionId/:affirmationId',
] as const;

export function findRoute(method: string, path: string, table: RouteRow[] = ROUTE_TABLE): RouteRow | undefined {
  return table.find((row) => (path === row.prefix || path.startsWith(`${row.prefix}/`)) && (!row.methods || row.methods.includes(method)));
}

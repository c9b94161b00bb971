import { callApi } from '../data/api-client';

/**
 * Creator referral attribution: a visitor arriving with
 * ?ref=<code> is attributed to that creator for 30 days, but only if the code is valid.
 */
export const REFERRAL_COOKIE_NAME = 'innerecho_ref';
export const REFERRAL_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function readReferralParam(search: string = window.location.search): string | undefined {
  const code = new URLSearchParams(search).get('ref')?.trim();
  return code || undefined;
}

export function readReferralCookie(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === REFERRAL_COOKIE_NAME) {
      const value = decodeURIComponent(rest.join('='));
      return value || undefined;
    }
  }
  return undefined;
}

/** The code to attach to a checkout: the one in the URL, else the remembered one. */
export function getReferralCode(search: string = window.location.search): string | undefined {
  return readReferralParam(search) ?? readReferralCookie();
}

export function storeReferralCookie(code: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${REFERRAL_COOKIE_NAME}=${encodeURIComponent(code)}; Max-Age=${REFERRAL_COOKIE_MAX_AGE_SECONDS}` + `; Path=/; SameSite=Lax${secure}`;
}

/**
 * Runs once at app start. Never throws: a referral problem must not disturb the page,
 * so failures are only logged.
 */
export async function trackReferralFromUrl(search: string = window.location.search): Promise<void> {
  const code = readReferralParam(search);
  if (!code) return;

  let valid = false;
  try {
    ({ valid } = await callApi('GET /api/referrals/validate/:code', { params: { code } }));
  } catch (error) {
    console.warn(`Could not validate referral code "${code}"; ignoring it.`, error);
    return;
  }
  if (!valid) {
    console.warn(`Referral code "${code}" is not valid; ignoring it.`);
    return;
  }

  storeReferralCookie(code);
  try {
    await callApi('POST /api/referrals/click', { body: { referralCode: code } });
  } catch (error) {
    console.error(`Could not record the referral click for "${code}".`, error);
  }
}

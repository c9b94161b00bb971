import { ZReferralClick, type ReferralClickAnswer, type ReferralCodeValidity } from '@innerecho/contracts';
import { notFound, type ServiceContext } from '@innerecho/kit';
import { findCreatorByCode, insertClickOncePerDay } from '../data-access/referral-repository';

/** valid is true only for an existing, active creator's code. */
export async function validateReferralCode(context: ServiceContext<any>, code: string): Promise<ReferralCodeValidity> {
  const creator = code.trim() ? await findCreatorByCode(context.db, code) : null;
  return { valid: Boolean(creator?.active) };
}

/** One click per visitor per creator per UTC day, however often the link is opened. */
export async function recordReferralClick(options: {
  context: ServiceContext<any>;
  input: unknown;
  visitorKey: string;
  now?: Date;
}): Promise<ReferralClickAnswer> {
  const { referralCode } = ZReferralClick.parse(options.input ?? {});
  const creator = await findCreatorByCode(options.context.db, referralCode);
  if (!creator?.active) throw notFound('Referral code not found', 'REFERRAL_CODE_NOT_FOUND');
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  return { recorded: await insertClickOncePerDay(options.context.db, { creatorId: creator.id, visitorKey: options.visitorKey, day }) };
}

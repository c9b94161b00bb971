import { createHmac } from 'node:crypto';
import { REFERRAL_CODE_MAX, type ReferralClick, type ReferralClickAnswer, type ReferralCodeValidity } from '@innerecho/contracts';
import { notFound, type ServiceContext } from '@innerecho/kit';
import { findCreatorByCode, insertClickOncePerDay } from '../data-access/referral-repository';

/** valid is true only for an existing, active creator's code. */
export async function validateReferralCode(context: ServiceContext, code: string): Promise<ReferralCodeValidity> {
  const candidate = code.trim();
  const creator = candidate && candidate.length <= REFERRAL_CODE_MAX ? await findCreatorByCode(context.db, candidate) : null;
  return { valid: Boolean(creator?.active) };
}

/**
 * Who clicked, as far as counting goes: the client address, keyed with this service's
 * secret, the creator and the day. The same address counts once per code per day however
 * it varies its cookies; the address itself is never stored, and a key cannot be matched
 * across days or creators.
 */
export const clickerKey = (secret: string, clientAddress: string, creatorId: string, day: string) =>
  createHmac('sha256', secret).update(`${creatorId}|${day}|${clientAddress}`).digest('base64url').slice(0, 32);

/** One click per client address per creator per UTC day, however often the link is opened. */
export async function recordReferralClick(options: {
  context: ServiceContext;
  input: ReferralClick;
  clientAddress: string;
  secret: string;
  now?: Date;
}): Promise<ReferralClickAnswer> {
  const { referralCode } = options.input;
  const creator = await findCreatorByCode(options.context.db, referralCode);
  if (!creator?.active) throw notFound('Referral code not found', 'REFERRAL_CODE_NOT_FOUND');
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  const visitorKey = clickerKey(options.secret, options.clientAddress, creator.id, day);
  return { recorded: await insertClickOncePerDay(options.context.db, { creatorId: creator.id, visitorKey, day }) };
}

import { randomBytes } from 'node:crypto';
import { STARTER_CREATOR_IDS } from '@innerecho/contracts';
import type { Logger, ServiceContext } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../config';
import { createCreatorAccount } from './creator-accounts';
import { anyCreators, findCreatorByCode, findCreatorById } from '../data-access/referral-repository';

/**
 * The featured creators of the starter library, with fixed ids so the library's starter
 * affirmations can name them. Their passwords are random and never shown: nobody can sign
 * in as them until an admin sends them a password setup link (or sets one through PUT /api/creators/:id). Added on a
 * first start only (no creator accounts yet), so an admin's later edits and deletions stay.
 */
const STARTER_CREATORS = [
  {
    id: STARTER_CREATOR_IDS.mayaRivers,
    name: 'Maya Rivers',
    bio: 'Confidence coach and former stage actor. Maya writes short, bold affirmations for the moments before you walk into the room.',
    youtubeChannel: 'https://www.youtube.com/@innerecho-maya-rivers',
    email: 'maya.rivers@creators.innerecho.local',
    referralCode: 'mayarivers',
  },
  {
    id: STARTER_CREATOR_IDS.jonahBell,
    name: 'Jonah Bell',
    bio: 'Founder, mentor and slow-money advocate. Jonah helps people build calm, steady habits around work and wealth.',
    youtubeChannel: 'https://www.youtube.com/@innerecho-jonah-bell',
    email: 'jonah.bell@creators.innerecho.local',
    referralCode: 'jonahbell',
  },
  {
    id: STARTER_CREATOR_IDS.amaraOkafor,
    name: 'Amara Okafor',
    bio: 'Yoga teacher and breathwork guide. Amara’s affirmations are written to be heard slowly, at the start and end of the day.',
    youtubeChannel: 'https://www.youtube.com/@innerecho-amara-okafor',
    email: 'amara.okafor@creators.innerecho.local',
    referralCode: 'amaraokafor',
  },
];

/** Runs after start-up (build() does not wait for it) and only logs a failure. */
export function seedStarterCreators(context: ServiceContext<CreatorReferralConfig>): Promise<void> {
  return addStarterCreators(context, context.logger).catch((error) =>
    context.logger.error({ err: error }, 'could not add the starter creators'),
  );
}

async function addStarterCreators(context: ServiceContext<CreatorReferralConfig>, logger: Logger) {
  if (await anyCreators(context.db)) return;
  let added = 0;
  for (const creator of STARTER_CREATORS) {
    if (await findCreatorById(context.db, creator.id)) continue;
    if (await findCreatorByCode(context.db, creator.referralCode)) continue;
    const { id, ...profile } = creator;
    await createCreatorAccount({ context, id, body: { ...profile, profilePicUrl: '', password: randomBytes(24).toString('base64url') } });
    added++;
  }
  if (added) logger.info({ creators: added }, 'starter creators added (random passwords: an admin must set one before they can sign in)');
}

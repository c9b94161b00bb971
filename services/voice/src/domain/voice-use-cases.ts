import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { AppError, badRequest, conflict, type Logger, type ServiceContext, type Tx } from '@innerecho/kit';
import {
  VOICE_CONSENT_REQUIRED_MESSAGE,
  VOICE_CONSENT_VERSION,
  VOICE_SAMPLE_MAX_BYTES,
  VoiceClonedV1,
  VoiceDeletedV1,
  ZCloneVoiceRequest,
  ZReadingCheckRequest,
  type CloneVoiceAnswer,
  type DeleteVoiceAnswer,
  type UploadUrlAnswer,
  type VoiceEngineName,
  type VoiceProfileView,
} from '@innerecho/contracts';
import type { VoiceConfig } from '../config';
import {
  deleteVoiceProfile,
  findVoiceProfile,
  findVoiceProfileIn,
  saveClonedVoice,
  type VoiceProfileRecord,
} from '../data-access/voice-profile-repository';
import {
  insertUploadGrant,
  openUploadGrants,
  removeSpentUploadGrants,
  settleUploadGrant,
  deleteUploadGrantsOf,
} from '../data-access/upload-grant-repository';
import type { VoiceEngines } from '../engines/create-voice-engines';
import { speechCachePrefix, type SpeechResult, type SpeechSynthesizer } from './synthesize-speech';
import { checkAndPrepareReading, checkAndPrepareSample } from './voice-sample';

type Context = ServiceContext<VoiceConfig>;

/** The user's voice profile as the record page shows it, and which engine a new clone would use. */
export async function describeVoiceProfile({
  context,
  engines,
  userId,
}: {
  context: Context;
  engines: VoiceEngines;
  userId: string;
}): Promise<VoiceProfileView> {
  const profile = await findVoiceProfile(context.db, userId);
  const cloneEngine = engines.current.name;
  return profile?.isCloned
    ? { isCloned: true, engine: profile.engine as VoiceEngineName, updatedAt: profile.updatedAt.toISOString(), cloneEngine }
    : { isCloned: false, engine: null, updatedAt: null, cloneEngine };
}

/** The text in the user's cloned voice, for the generation service (409 VOICE_NOT_CLONED without a clone). */
export async function speakInUsersVoice({
  context,
  speech,
  userId,
  body,
}: {
  context: Context;
  speech: SpeechSynthesizer;
  userId: string;
  body: unknown;
}): Promise<SpeechResult> {
  return speech.speak(await findVoiceProfile(context.db, userId), body);
}

/** Where users' raw uploads go, one folder each: the prefix is how the clone call knows the upload is theirs. */
export const UPLOADS_PREFIX = 'uploads/';
const uploadPrefix = (userId: string) => `${UPLOADS_PREFIX}${userId}/`;

/**
 * What one account's uploads not yet used may hold: two recordings at the largest size
 * taken. A sample is used (and removed) within minutes of its upload, and an unused one is
 * removed after an hour, so only someone filling the disk reaches this.
 */
export const UPLOAD_QUOTA_BYTES = 2 * VOICE_SAMPLE_MAX_BYTES;
const quotaMessage = `Your recordings waiting to be used take up your ${UPLOAD_QUOTA_BYTES / 1024 / 1024} MB of storage. Please try again in an hour, once unused recordings are removed.`;
const sampleKey = (voiceId: string) => `samples/${voiceId}/sample.wav`;

/** A link for less room than this would be cut off before a short recording is whole. */
const SMALLEST_UPLOAD_BYTES = 1024 * 1024;
const UPLOAD_LINK_SECONDS = 15 * 60;

/**
 * A one-time URL the browser PUTs the recording to (audio/webm, 15 minutes). The link holds
 * its bytes against the account's upload quota from the moment it is granted (its limit is
 * at most the room left: stored files, and what other open links hold) until its upload is
 * used or the link expires, so links used all at once never store more than the quota, and an
 * account holds at most two links open at once (the quota is two recordings at the largest
 * size; 409 STORAGE_QUOTA_EXCEEDED when there is no room). Grants of one account are made one
 * at a time, across instances.
 */
export async function requestSampleUpload({ context, userId }: { context: Context; userId: string }): Promise<UploadUrlAnswer> {
  const granted = await context.exclusive(`upload-grants:${userId}`, async () => {
    const now = new Date();
    await removeSpentUploadGrants(context.db, userId, now);
    const open = await openUploadGrants(context.db, userId, now);
    // A link whose file is stored is counted by the file's size (in usedBytes); one still waiting, by its limit.
    const waiting = await Promise.all(open.map(async (grant) => ((await context.files.stat(grant.key)) ? 0 : grant.maxBytes)));
    const held = (await context.files.usedBytes(uploadPrefix(userId))) + waiting.reduce((sum, bytes) => sum + bytes, 0);
    const maxBytes = Math.min(VOICE_SAMPLE_MAX_BYTES, UPLOAD_QUOTA_BYTES - held);
    if (maxBytes < SMALLEST_UPLOAD_BYTES) throw new AppError(409, 'STORAGE_QUOTA_EXCEEDED', quotaMessage);
    const key = `${uploadPrefix(userId)}${Date.now()}-${randomBytes(6).toString('hex')}.webm`;
    await insertUploadGrant(context.db, { key, userId, maxBytes, expiresAt: new Date(now.getTime() + UPLOAD_LINK_SECONDS * 1000) });
    return { key, maxBytes };
  });
  const { key, maxBytes } = granted!;
  const uploadURL = await context.files.presignPut(key, {
    contentType: 'audio/webm',
    maxBytes,
    expiresInSeconds: UPLOAD_LINK_SECONDS,
    quota: { prefix: uploadPrefix(userId), maxBytes: UPLOAD_QUOTA_BYTES },
  });
  return { uploadURL };
}

/** The upload behind `key` is being used or refused: the link it came with holds nothing any more. */
const settleUpload = (context: Context, key: string) => settleUploadGrant(context.db, key, new Date());

/**
 * The object key behind an upload URL this service signed, if it belongs to the user. The
 * URL is this service's upload route (`/api/files/voice/<key>?…`, on local disk and S3
 * alike): the key is what follows the user's upload prefix, and it is read from this
 * service's own store.
 */
function uploadKeyOf(uploadURL: string, userId: string): string {
  let path: string;
  try {
    path = decodeURIComponent(new URL(uploadURL, 'http://upload.invalid').pathname);
  } catch {
    throw badRequest('The recording was not found. Please record again.', 'SAMPLE_NOT_FOUND');
  }
  const at = path.indexOf(`/${uploadPrefix(userId)}`);
  const key = at >= 0 ? path.slice(at + 1) : '';
  if (!key.startsWith(uploadPrefix(userId)) || key.includes('..')) {
    throw badRequest('The recording was not found. Please record again.', 'SAMPLE_NOT_FOUND');
  }
  return key;
}

/** The upload's bytes, or null when there is none; one past the sample's size (a store that could not cut it off) is refused and removed. */
async function readUpload(context: Context, key: string): Promise<Buffer | null> {
  const object = await context.files.get(key);
  if (!object) return null;
  if (object.size > VOICE_SAMPLE_MAX_BYTES) {
    object.body.destroy();
    await context.files.delete(key).catch(() => undefined);
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The recording is too large. Please record again.');
  }
  return buffer(object.body);
}

/**
 * Clones the user's voice: consent first, then the uploaded recording is checked, trimmed
 * and normalised, the engine makes the voice, and the profile (with the consent: when,
 * which wording, from where) is saved with a voice.cloned event in one transaction.
 */
export async function cloneVoice({
  context,
  engines,
  userId,
  ip,
  body,
  requestId,
}: {
  context: Context;
  engines: VoiceEngines;
  userId: string;
  ip: string;
  body: unknown;
  requestId?: string;
}): Promise<CloneVoiceAnswer> {
  const input = ZCloneVoiceRequest.parse(body);
  if (input.consent?.accepted !== true || !input.consent.textVersion) {
    throw badRequest(VOICE_CONSENT_REQUIRED_MESSAGE, 'CONSENT_REQUIRED');
  }
  if (input.consent.textVersion !== VOICE_CONSENT_VERSION) {
    throw badRequest('The consent wording has changed. Please reload the page and confirm again.', 'CONSENT_OUTDATED');
  }
  const existing = await findVoiceProfile(context.db, userId);
  if (existing?.isCloned) throw conflict('Your voice is already cloned. Re-record to replace it.', 'VOICE_ALREADY_CLONED');

  const uploadKey = uploadKeyOf(input.uploadURL, userId);
  const raw = await readUpload(context, uploadKey);
  if (!raw) throw badRequest('The recording was not found. Please record again.', 'SAMPLE_NOT_FOUND');
  await settleUpload(context, uploadKey);

  let wav: Buffer;
  try {
    ({ wav } = await checkAndPrepareSample(raw));
  } catch (error) {
    // A refused recording is not kept: the listener records again, with a new upload.
    await context.files.delete(uploadKey).catch(() => undefined);
    throw error;
  }
  const voiceId = randomUUID();
  const engine = engines.current;
  const cloned = await engine.clone({ voiceId, sampleWav: wav, label: voiceId.slice(0, 8) });
  try {
    await context.files.put(sampleKey(voiceId), wav, 'audio/wav');
    await context.transaction(async (tx) => {
      await saveClonedVoice(tx, {
        userId,
        voiceId,
        engine: engine.name,
        providerVoiceId: cloned.providerVoiceId,
        engineSettings: cloned.settings,
        sampleKey: sampleKey(voiceId),
        consent: { at: new Date(), textVersion: input.consent!.textVersion!, ip },
      });
      await context.outbox.add(tx, VoiceClonedV1, { userId, voiceId, engine: engine.name }, { requestId });
    });
  } catch (error) {
    // Nothing half-made: a provider voice without a profile would never be deleted.
    await engine.delete(cloned).catch((e) => context.logger.warn({ err: e }, 'could not remove the provider voice after a failed save'));
    await context.files.delete(sampleKey(voiceId)).catch(() => undefined);
    throw error;
  }
  await context.files.delete(uploadKey).catch(() => undefined);
  return { isCloned: true, engine: engine.name };
}

/**
 * Deletes the voice: the provider's voice, the stored sample and every cached speech clip.
 * Saved affirmations are rendered MP3s owned by generation, so they stay playable.
 */
export async function deleteVoice({
  context,
  engines,
  userId,
  logger,
  requestId,
}: {
  context: Context;
  engines: VoiceEngines;
  userId: string;
  logger: Logger;
  requestId?: string;
}): Promise<DeleteVoiceAnswer> {
  const profile = await findVoiceProfile(context.db, userId);
  if (!profile) return { deleted: false };
  await releaseVoice({ context, engines, profile, logger });
  await context.transaction((tx) => forgetVoiceProfile(context, tx, profile, requestId));
  return { deleted: true };
}

/**
 * The listener deleted their account: their voice goes as above, with any sample they
 * uploaded but never cloned, in the caller's transaction (the event's). Nothing there is
 * an answer too: the event may arrive again.
 */
export async function forgetListenerVoice(options: { context: Context; engines: VoiceEngines; tx: Tx; userId: string; logger: Logger }) {
  const { context, tx, userId } = options;
  await context.files.deletePrefix(uploadPrefix(userId));
  await deleteUploadGrantsOf(tx, userId);
  const profile = await findVoiceProfileIn(tx, userId);
  if (!profile) return;
  await releaseVoice({ ...options, profile });
  await forgetVoiceProfile(context, tx, profile);
}

/** What a voice holds outside this service's tables: the provider's voice and the stored files. */
async function releaseVoice({
  context,
  engines,
  profile,
  logger,
}: {
  context: Context;
  engines: VoiceEngines;
  profile: VoiceProfileRecord;
  logger: Logger;
}) {
  if (profile.engine && profile.providerVoiceId) {
    const engine = engines.byName(profile.engine as VoiceEngineName);
    if (engine) await engine.delete({ providerVoiceId: profile.providerVoiceId, settings: profile.engineSettings });
    else logger.warn({ engine: profile.engine }, 'voice engine not configured: provider voice left to expire');
  }
  if (profile.sampleKey) await context.files.delete(profile.sampleKey);
  await context.files.deletePrefix(`samples/${profile.voiceId}/`);
  await context.files.deletePrefix(speechCachePrefix(profile.voiceId));
  await context.files.deletePrefix(uploadPrefix(profile.userId));
}

async function forgetVoiceProfile(context: Context, tx: Tx, profile: VoiceProfileRecord, requestId?: string) {
  await deleteVoiceProfile(tx, profile.userId);
  await context.outbox.add(tx, VoiceDeletedV1, { userId: profile.userId, voiceId: profile.voiceId }, { requestId });
}

/**
 * A listener's own reading of an affirmation, for the generation service: the upload must be
 * the caller's, passes the voice sample's checks, and comes back trimmed and normalised. No
 * clone is needed and nothing is kept here (the generation service stores the result).
 */
export async function prepareReading({
  context,
  userId,
  body,
}: {
  context: Context;
  userId: string;
  body: unknown;
}): Promise<{ wav: Buffer; seconds: number }> {
  const input = ZReadingCheckRequest.parse(body);
  const uploadKey = uploadKeyOf(input.uploadURL, userId);
  const raw = await readUpload(context, uploadKey);
  if (!raw) throw badRequest('The recording was not found. Please record again.', 'SAMPLE_NOT_FOUND');
  await settleUpload(context, uploadKey);
  try {
    return await checkAndPrepareReading(raw, { minSpeechSeconds: input.minSpeechSeconds, maxSeconds: input.maxSeconds });
  } finally {
    await context.files.delete(uploadKey).catch(() => undefined);
  }
}

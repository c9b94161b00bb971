import { CustomAffirmationDeletedV1, type CustomAffirmationInput, type CustomAffirmationView } from '@innerecho/contracts';
import { notFound, type Db, type ServiceContext } from '@innerecho/kit';
import { customAffirmationRepository, type CustomAffirmation } from '../data-access/library-repository';
import { isUuid } from './library-queries';

const toView = (found: CustomAffirmation): CustomAffirmationView => ({
  id: found.id,
  title: found.title,
  content: found.content,
  category: found.category,
  createdAt: found.createdAt.toISOString(),
});

/** Someone else's affirmation is answered exactly like a missing one: its existence is not revealed. */
const notOwned = () => notFound('Affirmation not found', 'AFFIRMATION_NOT_FOUND');

/** A custom affirmation belongs to the signed-in owner of the sessionId it was written under. */
export async function createCustomAffirmation({
  db,
  ownerId,
  body,
}: {
  db: Db;
  ownerId: string;
  body: CustomAffirmationInput;
}): Promise<CustomAffirmationView> {
  const input = { title: body.title, content: body.content, category: body.category };
  return toView(await customAffirmationRepository.insert(db, { ownerId, ...input }));
}

export async function getOwnCustomAffirmation({
  db,
  ownerId,
  id,
}: {
  db: Db;
  ownerId: string;
  id: string;
}): Promise<CustomAffirmationView> {
  const found = isUuid(id) ? await customAffirmationRepository.findOwned(db, id, ownerId) : null;
  if (!found) throw notOwned();
  return toView(found);
}

/** "My affirmations": every affirmation the listener wrote, newest first. */
export async function listOwnCustomAffirmations({ db, ownerId }: { db: Db; ownerId: string }): Promise<CustomAffirmationView[]> {
  return (await customAffirmationRepository.listOwned(db, ownerId)).map(toView);
}

/**
 * Rewrites the owner's affirmation (title, words, category; the same rules as writing it).
 * Saved affirmations already made from it keep the audio and title they were made with.
 */
export async function updateOwnCustomAffirmation({
  db,
  ownerId,
  id,
  body,
}: {
  db: Db;
  ownerId: string;
  id: string;
  body: CustomAffirmationInput;
}): Promise<CustomAffirmationView> {
  if (!isUuid(id)) throw notOwned();
  const input = { title: body.title, content: body.content, category: body.category };
  const updated = await customAffirmationRepository.updateOwned(db, id, ownerId, input);
  if (!updated) throw notOwned();
  return toView(updated);
}

/**
 * Deletes the owner's affirmation and, in the same transaction, announces it, so generation
 * forgets the listener's own reading of those words. Saved affirmations made from it stay in
 * the library and keep playing.
 */
export async function deleteOwnCustomAffirmation({
  context,
  ownerId,
  id,
  requestId,
}: {
  context: ServiceContext;
  ownerId: string;
  id: string;
  requestId?: string;
}): Promise<void> {
  if (!isUuid(id)) throw notOwned();
  await context.transaction(async (tx) => {
    if (!(await customAffirmationRepository.deleteOwned(tx, id, ownerId))) throw notOwned();
    await context.outbox.add(tx, CustomAffirmationDeletedV1, { userId: ownerId, customAffirmationId: id }, { requestId });
  });
}

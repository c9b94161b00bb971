import { ZCustomAffirmationInput, type CustomAffirmationView } from '@innerecho/contracts';
import { notFound, type Db } from '@innerecho/kit';
import { customAffirmationRepository } from '../data-access/library-repository';
import { isUuid } from './library-queries';

/** A custom affirmation belongs to the signed-in owner of the sessionId it was written under. */
export async function createCustomAffirmation({
  db,
  ownerId,
  body,
}: {
  db: Db;
  ownerId: string;
  body: unknown;
}): Promise<CustomAffirmationView> {
  const input = ZCustomAffirmationInput.parse(body);
  const saved = await customAffirmationRepository.insert(db, { ownerId, ...input });
  return { id: saved.id, title: saved.title, content: saved.content, category: saved.category };
}

/** Someone else's affirmation is answered exactly like a missing one: its existence is not revealed. */
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
  if (!found) throw notFound('Affirmation not found', 'AFFIRMATION_NOT_FOUND');
  return { id: found.id, title: found.title, category: found.category, content: found.content };
}

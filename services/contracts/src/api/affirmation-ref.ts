/** The prefix that marks a listener's own affirmation in an affirmation id (pages, sessions, own recordings). */
const CUSTOM_PREFIX = 'custom-';

/**
 * The affirmation id of a listener's own (custom) affirmation: `custom-{id}`. A library
 * transcript's affirmation id is its transcript id, unprefixed.
 */
export const customAffirmationRef = (customAffirmationId: string): string => `${CUSTOM_PREFIX}${customAffirmationId}`;

/** The custom affirmation id an affirmation id names, or null when it names a library transcript. */
export function parseCustomAffirmationRef(affirmationId: string): string | null {
  return affirmationId.startsWith(CUSTOM_PREFIX) ? affirmationId.slice(CUSTOM_PREFIX.length) : null;
}

/** True when the affirmation id names a listener's own affirmation rather than a library transcript. */
export const isCustomAffirmationRef = (affirmationId: string): boolean => affirmationId.startsWith(CUSTOM_PREFIX);

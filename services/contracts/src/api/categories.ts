/** The five library categories, in the order the library's filter and the admin form list them. */
export const LIBRARY_CATEGORIES = [
  'Wealth & Success',
  'Health & Well-Being',
  'Confidence & Empowerment',
  'Calm & Relaxation',
  'Happiness & Positivity',
] as const;
export type LibraryCategory = (typeof LIBRARY_CATEGORIES)[number];

/** Custom affirmations may also be 'Other'. */
export const CUSTOM_CATEGORIES = [...LIBRARY_CATEGORIES, 'Other'] as const;
export type CustomCategory = (typeof CUSTOM_CATEGORIES)[number];

export const DEFAULT_CATEGORY: LibraryCategory = 'Confidence & Empowerment';

import type { TranscriptView } from '@innerecho/contracts';

/** Lowercase, without accents, so 'calm' finds 'Calm' and 'cafe' finds 'café'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** True when every word of the search appears in the title or the text (an empty search matches all). */
export function matchesSearch(transcript: Pick<TranscriptView, 'title' | 'content'>, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${transcript.title}\n${transcript.content}`);
  return words.every((word) => haystack.includes(word));
}

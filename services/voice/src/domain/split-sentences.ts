/**
 * Splits a text at sentence boundaries for the engine (engines speak a sentence at a time
 * best, and a long text would otherwise hit their input limits); a sentence longer than
 * `maxChars` is split further at commas, then at spaces.
 */
export function splitSentences(text: string, maxChars = 280): string[] {
  const normalised = text.replace(/\s+/g, ' ').trim();
  const sentences = normalised.match(/[^.!?…]+(?:[.!?…]+["'”’)\]]*|$)/g) ?? [normalised];
  const out: string[] = [];
  for (const raw of sentences) {
    const sentence = raw.trim();
    if (!sentence || !/[\p{L}\p{N}]/u.test(sentence)) continue;
    if (sentence.length <= maxChars) out.push(sentence);
    else out.push(...splitLong(sentence, maxChars));
  }
  return out;
}

function splitLong(sentence: string, maxChars: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const word of sentence.split(/(?<=,)\s+|\s+/)) {
    if (current && current.length + 1 + word.length > maxChars) {
      parts.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) parts.push(current);
  return parts;
}

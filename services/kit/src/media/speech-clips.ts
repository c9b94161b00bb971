/** Joins mono clips with silence between them (the natural pause between sentences). */
export function joinWithPauses(clips: Float32Array[], pauseSeconds: number, sampleRate: number): Float32Array {
  const pause = Math.round(pauseSeconds * sampleRate);
  const total = clips.reduce((n, c) => n + c.length, 0) + pause * Math.max(0, clips.length - 1);
  const out = new Float32Array(total);
  let at = 0;
  clips.forEach((clip, i) => {
    if (i > 0) at += pause;
    out.set(clip, at);
    at += clip.length;
  });
  return out;
}

/** Below this (about -48 dBFS) a sample at either end of a clip counts as silence. */
const SILENCE_THRESHOLD = 0.004;

/**
 * A mono clip without its leading and trailing silence (a view, not a copy), keeping
 * `marginSeconds` either side so the first and last consonants are not cut.
 */
export function trimSilence(samples: Float32Array, options: { sampleRate: number; marginSeconds: number }): Float32Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]) < SILENCE_THRESHOLD) start++;
  while (end > start && Math.abs(samples[end - 1]) < SILENCE_THRESHOLD) end--;
  const margin = Math.round(options.marginSeconds * options.sampleRate);
  return samples.subarray(Math.max(0, start - margin), Math.min(samples.length, end + margin));
}

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * A text cut into the sentences a voice engine speaks one at a time. Sentence ends are
 * Unicode's (Intl.Segmenter), so a decimal point, an ellipsis inside a sentence or a closing
 * quote does not end one where a full stop would; white space is folded; a piece with no
 * letter or digit (stray punctuation) is dropped, there is nothing in it to say. A sentence
 * longer than `maxChars` is cut at its last comma that fits, else its last space, else at
 * `maxChars` itself, so no piece is ever longer.
 */
export function splitSentences(text: string, maxChars: number): string[] {
  const out: string[] = [];
  for (const { segment } of sentences.segment(text.replace(/\s+/g, ' ').trim())) {
    let sentence = segment.trim();
    if (!/[\p{L}\p{N}]/u.test(sentence)) continue;
    while (sentence.length > maxChars) {
      const cut = cutPoint(sentence, maxChars);
      out.push(sentence.slice(0, cut).trim());
      sentence = sentence.slice(cut).trim();
    }
    if (sentence) out.push(sentence);
  }
  return out;
}

/** Where to cut a sentence that is too long: after a comma, else at a space, else anywhere. */
function cutPoint(sentence: string, maxChars: number): number {
  const comma = sentence.lastIndexOf(', ', maxChars - 1);
  if (comma > 0) return comma + 1;
  const space = sentence.lastIndexOf(' ', maxChars);
  return space > 0 ? space : maxChars;
}

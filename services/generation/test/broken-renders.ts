import { SEAMLESS_PIECES, type PieceEncoding } from '../src/domain/render/render-affirmation';

/**
 * Negative controls for the seam test: renders broken the two ways a piecewise MP3 render
 * goes wrong, which the check must hear. Neither is ever used outside the tests.
 */
export const BROKEN_PIECE_ENCODINGS: [string, PieceEncoding][] = [
  // A frame borrows bytes from the frame before it, which a copy or a join does not carry.
  ['the bit reservoir left on', { ...SEAMLESS_PIECES, reservoir: true }],
  // Each piece starts cold: the encoder's first frames differ from a continuous encode's.
  ['blocks encoded without warm-up frames', { ...SEAMLESS_PIECES, warmupFrames: 0 }],
];

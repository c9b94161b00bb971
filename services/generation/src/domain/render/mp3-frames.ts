/**
 * MPEG audio Layer III frame parsing: enough to split an encoder's output into frames,
 * to copy them, and to write a matching Info frame.
 */
export interface Mp3FrameHeader {
  /** 1 for MPEG-1, 2 for MPEG-2, 2.5 for MPEG-2.5. */
  version: 1 | 2 | 2.5;
  bitrateKbps: number;
  sampleRate: number;
  padding: boolean;
  channels: 1 | 2;
  samplesPerFrame: number;
  /** Frame length in bytes, header included. */
  length: number;
  /** Size of the side information that follows the 4-byte header. */
  sideInfoBytes: number;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<string, number[]> = {
  '1': [44100, 48000, 32000],
  '2': [22050, 24000, 16000],
  '2.5': [11025, 12000, 8000],
};

/** Parses the 4-byte header at `offset`, or returns null when it is not a Layer III header. */
export function parseFrameHeader(bytes: Uint8Array, offset = 0): Mp3FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1];
  const b2 = bytes[offset + 2];
  const b3 = bytes[offset + 3];
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  if (versionBits === 1 || layerBits !== 1) return null; // reserved version, or not Layer III
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null; // free format / bad
  const bitrateKbps = (version === 1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex];
  const sampleRate = SAMPLE_RATES[String(version)][rateIndex];
  const padding = ((b2 >> 1) & 1) === 1;
  const channels = b3 >> 6 === 3 ? 1 : 2;
  const samplesPerFrame = version === 1 ? 1152 : 576;
  const length = Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + (padding ? 1 : 0);
  const sideInfoBytes = version === 1 ? (channels === 1 ? 17 : 32) : channels === 1 ? 9 : 17;
  return { version, bitrateKbps, sampleRate, padding, channels, samplesPerFrame, length, sideInfoBytes };
}

/** Length of a leading ID3v2 tag, or 0. */
export function id3v2Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = ((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f);
  const footer = (bytes[5] & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** True when the frame is an Xing/Info header frame rather than audio. */
export function isInfoFrame(frame: Uint8Array, header: Mp3FrameHeader): boolean {
  const at = 4 + header.sideInfoBytes;
  const tag = String.fromCharCode(frame[at], frame[at + 1], frame[at + 2], frame[at + 3]);
  return tag === 'Info' || tag === 'Xing';
}

/**
 * Splits an MP3 stream into its audio frames (views into `bytes`, no copies), skipping a
 * leading ID3v2 tag and any Xing/Info frame. Throws on bytes that are not a frame: the
 * encoder's output must be nothing but frames.
 */
export function splitFrames(bytes: Uint8Array): { frames: Uint8Array[]; header: Mp3FrameHeader } {
  let offset = id3v2Length(bytes);
  const frames: Uint8Array[] = [];
  let first: Mp3FrameHeader | null = null;
  while (offset < bytes.length) {
    const header = parseFrameHeader(bytes, offset);
    if (!header || offset + header.length > bytes.length) {
      // A trailing ID3v1 tag is the only thing allowed after the last frame.
      if (bytes.length - offset === 128 && bytes[offset] === 0x54 && bytes[offset + 1] === 0x41 && bytes[offset + 2] === 0x47) break;
      throw new Error(`Not an MP3 frame at byte ${offset} of ${bytes.length}`);
    }
    const frame = bytes.subarray(offset, offset + header.length);
    if (!(frames.length === 0 && isInfoFrame(frame, header))) {
      if (
        first &&
        (header.sampleRate !== first.sampleRate || header.channels !== first.channels || header.bitrateKbps !== first.bitrateKbps)
      ) {
        throw new Error(`MP3 frame at byte ${offset} changes format`);
      }
      first ??= header;
      frames.push(frame);
    }
    offset += header.length;
  }
  if (!first) throw new Error('No MP3 frames');
  return { frames, header: first };
}

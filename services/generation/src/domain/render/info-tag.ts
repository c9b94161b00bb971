import type { Mp3FrameHeader } from './mp3-frames';

/** CRC-16 with polynomial 0xA001 (reflected 0x8005, initial 0): the LAME tag's checksum. */
export function crc16(bytes: Uint8Array, initial = 0): number {
  let crc = initial;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i];
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc & 0xffff;
}

export interface InfoTagOptions {
  /** A header of the stream's audio frames: the Info frame uses the same format (without padding). */
  header: Mp3FrameHeader;
  /** Number of audio frames after the Info frame. */
  audioFrames: number;
  /** Bytes of the audio frames (the Info frame's own bytes are added). */
  audioBytes: number;
  /** Samples the encoder put in front of the signal (576 for LAME). */
  encoderDelay: number;
  /** Samples of the signal: the tag's padding makes a gapless decoder return exactly this many. */
  signalSamples: number;
}

/**
 * One Info (CBR Xing) frame with a LAME extension: total frames and bytes, a seek table,
 * the encoder delay and end padding, and the tag CRC. Decoders (ffmpeg, mpg123, browsers)
 * use delay and padding to return exactly the signal's samples.
 */
export function buildInfoFrame(options: InfoTagOptions): Uint8Array {
  const { header, audioFrames, audioBytes, encoderDelay, signalSamples } = options;
  const spf = header.samplesPerFrame;
  const length = Math.floor(((spf / 8) * header.bitrateKbps * 1000) / header.sampleRate);
  const frame = new Uint8Array(length);
  // Header: same version, layer, bitrate, rate and mode as the audio; no CRC, no padding.
  const versionBits = header.version === 1 ? 3 : header.version === 2 ? 2 : 0;
  const bitrateIndex = (
    header.version === 1
      ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
      : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
  ).indexOf(header.bitrateKbps);
  const rateIndex = ({ 44100: 0, 48000: 1, 32000: 2, 22050: 0, 24000: 1, 16000: 2, 11025: 0, 12000: 1, 8000: 2 } as Record<number, number>)[
    header.sampleRate
  ];
  frame[0] = 0xff;
  frame[1] = 0xe0 | (versionBits << 3) | (1 << 1) | 1; // Layer III, no CRC
  frame[2] = (bitrateIndex << 4) | (rateIndex << 2);
  frame[3] = header.channels === 1 ? 0xc0 : 0x40; // mono, or joint stereo
  const totalBytes = audioBytes + length;
  const view = new DataView(frame.buffer);
  let at = 4 + header.sideInfoBytes; // side info stays zero: the frame decodes as silence
  frame.set(Buffer.from('Info', 'latin1'), at);
  view.setUint32(at + 4, 0x0f); // frames, bytes, TOC, quality
  view.setUint32(at + 8, audioFrames);
  view.setUint32(at + 12, totalBytes);
  for (let i = 0; i < 100; i++) frame[at + 16 + i] = Math.min(255, Math.floor((i * 256) / 100)); // CBR: linear
  view.setUint32(at + 116, 0); // quality
  at += 120;
  const lame = at;
  frame.set(Buffer.from('LAME3.100', 'latin1'), lame);
  frame[lame + 9] = 0x01; // tag revision 0, method CBR
  frame[lame + 10] = 0; // lowpass unknown
  // peak, replay gains (11..18) stay zero: unknown
  frame[lame + 19] = 0;
  frame[lame + 20] = Math.min(255, header.bitrateKbps);
  const padding = audioFrames * spf - encoderDelay - signalSamples;
  if (encoderDelay < 0 || encoderDelay > 4095 || padding < 0 || padding > 4095) {
    throw new Error(`Info tag cannot describe delay ${encoderDelay} and padding ${padding}`);
  }
  frame[lame + 21] = encoderDelay >> 4;
  frame[lame + 22] = ((encoderDelay & 0x0f) << 4) | (padding >> 8);
  frame[lame + 23] = padding & 0xff;
  // misc, mp3 gain, preset (24..27) zero
  view.setUint32(lame + 28, totalBytes);
  view.setUint16(lame + 32, 0); // music CRC: not computed (decoders do not check it)
  view.setUint16(lame + 34, crc16(frame.subarray(0, lame + 34)));
  return frame;
}

/** Reads delay, padding and frame count back from an Info frame (tests and tools). */
export function readInfoFrame(frame: Uint8Array, header: Mp3FrameHeader) {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const at = 4 + header.sideInfoBytes;
  const lame = at + 120;
  return {
    tag: Buffer.from(frame.subarray(at, at + 4)).toString('latin1'),
    frames: view.getUint32(at + 8),
    bytes: view.getUint32(at + 12),
    encoder: Buffer.from(frame.subarray(lame, lame + 9)).toString('latin1'),
    delay: (frame[lame + 21] << 4) | (frame[lame + 22] >> 4),
    padding: ((frame[lame + 22] & 0x0f) << 8) | frame[lame + 23],
    crcOk: view.getUint16(lame + 34) === crc16(frame.subarray(0, lame + 34)),
  };
}

/**
 * 16-bit PCM WAV, read and written without a process: what the voice engines produce, what
 * the voice service's speech answers are, and what the generation reads them back as.
 */
export interface WavAudio {
  /** Interleaved samples in -1..1. */
  samples: Float32Array;
  sampleRate: number;
  channels: number;
}

const PCM = 1;
const EXTENSIBLE = 0xfffe;

/** Floats in -1..1 (clamped) as 16-bit PCM: -1 maps to -32768, 1 to 32767. */
export function encodeWav(samples: Float32Array, sampleRate: number, channels = 1): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    data.writeInt16LE(Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), i * 2);
  }
  return Buffer.concat([wavHeader(data.length, sampleRate, channels), data]);
}

function wavHeader(dataBytes: number, sampleRate: number, channels: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(PCM, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * Reads a 16-bit PCM WAV, walking its chunks (encoders add LIST and others before the data);
 * null for anything else (another sample format, a compressed codec, not a WAV at all).
 */
export function decodeWav(bytes: Buffer): WavAudio | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  let format: { sampleRate: number; channels: number } | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (body + 16 > bytes.length) return null;
      const audioFormat = bytes.readUInt16LE(body);
      const bits = bytes.readUInt16LE(body + 14);
      if ((audioFormat !== PCM && audioFormat !== EXTENSIBLE) || bits !== 16) return null;
      format = { channels: bytes.readUInt16LE(body + 2), sampleRate: bytes.readUInt32LE(body + 4) };
    } else if (id === 'data') {
      if (!format || format.channels < 1) return null;
      // Streaming writers (ffmpeg to a pipe) leave the size at 0 or 0xFFFFFFFF: take what is there.
      if (size === 0 || size === 0xffffffff || body + size > bytes.length) size = bytes.length - body;
      const count = Math.floor(size / 2);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(body + i * 2) / 0x8000;
      return { samples, ...format };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

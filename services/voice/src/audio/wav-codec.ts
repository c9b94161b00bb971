/** 16-bit PCM mono WAV: what the engines produce and what /internal/speech answers with. */
export const SPEECH_SAMPLE_RATE = 44_100;

export function encodeWav(samples: Float32Array, sampleRate = SPEECH_SAMPLE_RATE): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    data.writeInt16LE(Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), i * 2);
  }
  return Buffer.concat([wavHeader(data.length, sampleRate), data]);
}

export function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Reads a 16-bit PCM mono WAV (walking the chunks, since encoders add LIST and others). */
export function decodeWav(wav: Buffer): { samples: Float32Array; sampleRate: number } {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('Not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  let bits = 16;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    let size = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = wav.readUInt16LE(body + 2);
      sampleRate = wav.readUInt32LE(body + 4);
      bits = wav.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16 || channels !== 1) throw new Error(`Unsupported WAV: ${bits}-bit, ${channels} channels`);
      // Streamed WAVs (ffmpeg to a pipe) leave the size unset.
      if (size === 0 || size === 0xffffffff || body + size > wav.length) size = wav.length - body;
      const count = Math.floor(size / 2);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) samples[i] = wav.readInt16LE(body + i * 2) / 0x8000;
      return { samples, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

/** Joins clips with silence between them (the natural pause between sentences). */
export function joinWithPauses(clips: Float32Array[], pauseSeconds: number, sampleRate = SPEECH_SAMPLE_RATE): Float32Array {
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

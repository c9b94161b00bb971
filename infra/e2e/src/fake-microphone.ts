import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { runFfmpeg } from '@innerecho/kit';
import { espeakSpeak } from '@innerecho/voice';

/**
 * A fake microphone for Chromium: espeak-ng reading the five sample sentences twice (about
 * 45 s) as a 48 kHz 16-bit WAV in `dir`, which Chromium plays into getUserMedia in a loop.
 * Answers the browser flags that use it.
 */
export async function fakeMicrophone(dir: string): Promise<string[]> {
  const [speech] = await espeakSpeak({ pitchBaseHz: 100, pitchTopHz: 140, formantPercent: 100, speed: 130 }, [
    [...VOICE_SAMPLE_SENTENCES, ...VOICE_SAMPLE_SENTENCES].join(' '),
  ]);
  const wav = await runFfmpeg({ input: speech, output: { format: 'wav', codec: 'pcm_s16le', sampleRate: 48000, channels: 1 } });
  const micFile = join(dir, 'microphone.wav');
  writeFileSync(micFile, wav);
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${micFile}`];
}

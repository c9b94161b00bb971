/**
 * Renders the home page's sample (frontends/public/src/assets/hero-sample.mp3) with the product's
 * own local voice engine: a voice matched to a synthetic speaker's sample says the hero's line,
 * over a quiet pad, as a generated affirmation would sound. The MP3 is committed (about 55 KB);
 * run this again only to change the line:
 *
 *   npx tsx infra/assets/render-hero-sample.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFfmpeg } from '@innerecho/voice/src/audio/ffmpeg-audio';
import { encodeWav } from '@innerecho/voice/src/audio/wav-codec';
import { espeakSpeak, stopEspeak } from '@innerecho/voice/src/engines/espeak';
import { LocalVoiceEngine } from '@innerecho/voice/src/engines/local-voice-engine';
import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';

export const HERO_LINE = 'I am calm, I am capable, and I am exactly where I need to be.';
const OUTPUT = join(__dirname, '..', '..', 'frontends', 'public', 'src', 'assets', 'hero-sample.mp3');

async function main() {
  // The "listener": a warm, low speaker reading the five sample sentences, as the record page asks.
  const [sample] = await espeakSpeak({ pitchBaseHz: 150, pitchTopHz: 210, formantPercent: 108, speed: 125 }, [
    VOICE_SAMPLE_SENTENCES.join(' '),
  ]);
  const engine = new LocalVoiceEngine();
  const voice = await engine.clone({ voiceId: 'hero-sample', sampleWav: sample, label: 'Hero sample' });
  const [speech] = await engine.speak({ voice, texts: [HERO_LINE] });
  const lead = 0.6;
  const seconds = lead + speech.length / 44_100 + 1.4;
  const padded = new Float32Array(Math.round(seconds * 44_100));
  padded.set(speech, Math.round(lead * 44_100));

  // A soft pad (A minor: A2, E3, C4) 20 dB under the voice, fading in and out. amix (ffmpeg 4.1)
  // divides its inputs by their count; volume=2 gives the voice its level back.
  const pad = ['110', '164.81', '261.63'].map((f) => `sine=frequency=${f}:duration=${seconds.toFixed(2)}:sample_rate=44100`);
  const mp3 = await runFfmpeg(
    [
      '-i',
      '{input}',
      ...pad.flatMap((source) => ['-f', 'lavfi', '-i', source]),
      '-filter_complex',
      `[1][2][3]amix=inputs=3,tremolo=f=0.25:d=0.3,volume=-20dB,afade=t=in:d=1.2[pad];` +
        `[0][pad]amix=inputs=2,volume=2,afade=t=out:st=${(seconds - 1.2).toFixed(2)}:d=1.2[out]`,
      '-map',
      '[out]',
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      '-f',
      'mp3',
      'pipe:1',
    ],
    encodeWav(padded),
  );
  writeFileSync(OUTPUT, mp3);
  console.log(`wrote ${OUTPUT}: ${mp3.length} bytes, ${seconds.toFixed(1)} s`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stopEspeak);

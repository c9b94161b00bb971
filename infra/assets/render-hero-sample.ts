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
import { encodeWav, runFfmpeg } from '@innerecho/kit';
import { espeakSpeak, LocalVoiceEngine, stopEspeak } from '@innerecho/voice';
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

  // A soft pad (A minor: A2, E3, C4) 20 dB under the voice, slowly swelling (a 0.25 Hz
  // tremolo of depth 0.3), fading in over 1.2 s; the whole fades out over its last 1.2 s.
  const rate = 44_100;
  const padGain = 10 ** (-20 / 20) / 3;
  const fade = 1.2 * rate;
  const mixed = new Float32Array(padded.length);
  for (let i = 0; i < padded.length; i++) {
    const t = i / rate;
    const chord = [110, 164.81, 261.63].reduce((sum, f) => sum + Math.sin(2 * Math.PI * f * t), 0);
    const swell = 1 - 0.15 + 0.15 * Math.sin(2 * Math.PI * 0.25 * t);
    const fadeIn = Math.min(1, i / fade);
    const fadeOut = Math.min(1, (padded.length - i) / fade);
    mixed[i] = (padded[i] + chord * padGain * swell * fadeIn) * fadeOut;
  }
  const mp3 = await runFfmpeg({
    input: encodeWav(mixed, rate),
    output: { format: 'mp3', codec: 'libmp3lame', bitrateKbps: 64, channels: 1 },
  });
  writeFileSync(OUTPUT, mp3);
  console.log(`wrote ${OUTPUT}: ${mp3.length} bytes, ${seconds.toFixed(1)} s`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stopEspeak);

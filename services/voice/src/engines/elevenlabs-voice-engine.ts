import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { AppError, type Logger } from '@innerecho/kit';
import type { ClonedVoice, VoiceEngine } from './voice-engine';

/** Raw 16-bit PCM at 44.1 kHz: what /internal/speech serves, so no decoding step. */
export const ELEVENLABS_OUTPUT_FORMAT = 'pcm_44100';

/**
 * A true clone: ElevenLabs instant voice cloning (POST /v1/voices/add with the sample),
 * text to speech with that voice, and deletion, through the official SDK.
 */
export class ElevenLabsVoiceEngine implements VoiceEngine {
  readonly name = 'elevenlabs' as const;
  private readonly client: ElevenLabsClient;

  constructor(options: { apiKey: string; baseUrl?: string; modelId: string; logger?: Logger }) {
    this.logger = options.logger;
    this.client = new ElevenLabsClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 1, timeoutInSeconds: 120 });
    this.modelId = options.modelId;
  }
  private readonly modelId: string;
  private readonly logger?: Logger;

  async clone({ voiceId, sampleWav, label }: { voiceId: string; sampleWav: Buffer; label: string }): Promise<ClonedVoice> {
    const created = await this.call(() =>
      this.client.voices.ivc.create({
        name: `InnerEcho ${label}`.slice(0, 100),
        description: `InnerEcho voice ${voiceId}`,
        files: [{ data: sampleWav, filename: 'sample.wav', contentType: 'audio/wav' }],
      }),
    );
    return { providerVoiceId: created.voiceId, settings: null };
  }

  async speak({ voice, texts }: { voice: ClonedVoice; texts: string[] }): Promise<Float32Array[]> {
    const clips: Float32Array[] = [];
    for (const text of texts) {
      const stream = await this.call(
        () =>
          this.client.textToSpeech.convert(voice.providerVoiceId, { text, modelId: this.modelId, outputFormat: ELEVENLABS_OUTPUT_FORMAT }),
        { idempotent: true },
      );
      const pcm = Buffer.from(await new Response(stream).arrayBuffer());
      const samples = new Float32Array(Math.floor(pcm.length / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 0x8000;
      clips.push(samples);
    }
    return clips;
  }

  async delete(voice: ClonedVoice): Promise<void> {
    try {
      await this.client.voices.delete(voice.providerVoiceId);
    } catch (error) {
      // Already gone at the provider: the goal (no voice there) is reached.
      const status = (error as { statusCode?: unknown })?.statusCode;
      if (status === 404 || status === 400) return;
      throw this.mapped(error);
    }
  }

  private async call<T>(work: () => Promise<T>, options: { idempotent?: boolean } = {}): Promise<T> {
    try {
      return await work();
    } catch (first) {
      // A network failure with no answer (a stale keep-alive socket) is retried once where repeating is safe.
      const answered = typeof (first as { statusCode?: unknown })?.statusCode === 'number';
      if (answered || !options.idempotent) throw this.mapped(first);
    }
    try {
      return await work();
    } catch (error) {
      throw this.mapped(error);
    }
  }

  private mapped(error: unknown): AppError {
    const appError = mapProviderError(error);
    // The provider's own words go to the log; people get the mapped message.
    this.logger?.warn({ err: error, code: appError.code }, 'ElevenLabs call failed');
    return appError;
  }
}

/** Provider failures as messages a person can act on; the provider's own detail goes to the log. */
export function mapProviderError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // Duck-typed, not instanceof: a second copy of the SDK module (bundlers, test registries) must map the same.
  const providerError = error as { statusCode?: unknown; body?: unknown };
  if (!(error instanceof ElevenLabsError) && typeof providerError?.statusCode !== 'number') {
    return new AppError(
      503,
      'VOICE_PROVIDER_UNAVAILABLE',
      'The voice service is not reachable right now. Please try again in a few minutes.',
    );
  }
  const error_ = providerError as { statusCode?: number; body?: unknown };
  const detail = (error_.body as { detail?: { status?: string; message?: string } } | undefined)?.detail;
  const status = `${detail?.status ?? ''} ${detail?.message ?? ''}`.toLowerCase();
  // ElevenLabs answers 401 both for a bad key and for a used-up quota: the status string tells them apart.
  if (error_.statusCode === 429 || status.includes('quota') || status.includes('voice_limit') || status.includes('too_many')) {
    return new AppError(503, 'VOICE_PROVIDER_QUOTA', 'The voice provider has reached its usage limit. Please try again later.');
  }
  if (error_.statusCode === 401 || status.includes('invalid_api_key')) {
    return new AppError(
      503,
      'VOICE_PROVIDER_KEY_INVALID',
      'Voice cloning is not available: the ElevenLabs API key was refused. Please contact support.',
    );
  }
  if (error_.statusCode === 400 || error_.statusCode === 422) {
    return new AppError(
      400,
      'VOICE_SAMPLE_REJECTED',
      `The voice provider could not use this recording${detail?.message ? `: ${detail.message}` : ''}. Please record again in a quiet room.`,
    );
  }
  return new AppError(
    503,
    'VOICE_PROVIDER_UNAVAILABLE',
    'The voice service is not reachable right now. Please try again in a few minutes.',
  );
}

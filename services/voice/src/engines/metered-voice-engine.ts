import type { ServiceMetrics } from '@innerecho/kit';
import type { VoiceEngine } from './voice-engine';

/**
 * Counts and times every call to a voice engine (`innerecho_voice_engine_calls_total`,
 * `innerecho_voice_engine_call_seconds`) by engine, operation and outcome: with
 * ElevenLabs these calls are the bill and the quota, with the local engine the CPU.
 */
export function meteredVoiceEngines(metrics: ServiceMetrics) {
  const calls = metrics.counter('voice_engine_calls_total', 'Calls to a voice engine', ['engine', 'operation', 'outcome']);
  const seconds = metrics.histogram(
    'voice_engine_call_seconds',
    'Time a voice engine took to answer',
    ['engine', 'operation'],
    [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  );
  return (engine: VoiceEngine): VoiceEngine => {
    const metered =
      <A, R>(operation: 'clone' | 'speak' | 'delete', call: (input: A) => Promise<R>) =>
      async (input: A): Promise<R> => {
        const end = seconds.startTimer({ engine: engine.name, operation });
        try {
          const result = await call(input);
          calls.inc({ engine: engine.name, operation, outcome: 'ok' });
          return result;
        } catch (error) {
          calls.inc({ engine: engine.name, operation, outcome: 'failed' });
          throw error;
        } finally {
          end();
        }
      };
    return {
      name: engine.name,
      clone: metered('clone', (input) => engine.clone(input)),
      speak: metered('speak', (input) => engine.speak(input)),
      delete: metered('delete', (voice) => engine.delete(voice)),
    };
  };
}

import type { ServiceMetrics } from '@innerecho/kit';

/**
 * Generation's own figures: renders by outcome, seconds of audio rendered (what the daily
 * allowance spends), how long a render takes, and the speech clips it had to ask the
 * voice engine for (the rest came from the speech cache).
 */
export function renderMetrics(metrics: ServiceMetrics) {
  const renders = metrics.counter('renders_total', 'Affirmation renders by outcome (saved, refused: 4xx, failed: 5xx)', ['outcome']);
  const audioSeconds = metrics.counter('rendered_audio_seconds_total', 'Seconds of affirmation audio rendered and saved');
  const renderSeconds = metrics.histogram(
    'render_duration_seconds',
    'Time from request to saved MP3',
    [],
    [1, 2.5, 5, 10, 20, 40, 80, 160, 320],
  );
  const engineCalls = metrics.counter('render_speech_engine_calls_total', 'Speech clips renders asked the voice engine for (cache misses)');
  return {
    start: () => renderSeconds.startTimer(),
    saved(seconds: number, speechEngineCalls: number) {
      renders.inc({ outcome: 'saved' });
      audioSeconds.inc(seconds);
      engineCalls.inc(speechEngineCalls);
    },
    failed(status: number) {
      renders.inc({ outcome: status < 500 ? 'refused' : 'failed' });
    },
  };
}

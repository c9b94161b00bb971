import type { ServiceMetrics } from '@innerecho/kit';
import type { RenderQueue, TurnStarted } from '../../domain/render-queue';

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

/**
 * The render queue as operators see it: turns running and waiting at scrape time (renders and
 * previews share the line), and how long each turn waited for its slot. A wait that grows
 * while `waiting` stays up says generation needs another instance (or more cores).
 */
export function renderQueueMetrics(metrics: ServiceMetrics) {
  const waited = metrics.histogram(
    'render_queue_wait_seconds',
    'Time a render or balance preview waited in the render queue before its turn',
    ['kind'],
    [0.01, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  );
  const turnStarted: TurnStarted = (kind, waitedMs) => waited.observe({ kind }, waitedMs / 1000);
  return {
    turnStarted,
    watch(queue: RenderQueue) {
      metrics.gauge(
        'render_queue_length',
        'Turns in the render queue now, running or waiting',
        (gauge) => {
          const { running, waiting } = queue.length;
          gauge.set({ state: 'running' }, running);
          gauge.set({ state: 'waiting' }, waiting);
        },
        ['state'],
      );
    },
  };
}

import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { lastRelease, readReleases, repositoryRoot, SpanKind, startTracing, workingTree } from '@innerecho/kit';
import {
  commissionsOf,
  createCreatorThroughAdmin,
  eventually,
  signedInAdmin,
  startTestSystem,
  subscribeThroughDemoCheckout,
  sumOfMetric,
  type TestSystem,
} from '../src';

jest.setTimeout(120_000);

/**
 * What operators see of a checkout: one trace from the gateway through billing and NATS
 * into creator-referral, and the Prometheus figures of each part. The trace must cross
 * NATS, so this runs on NATS (the CI one, or the one on this machine) even when the other
 * tests run on in-process events.
 */
const exporter = new InMemorySpanExporter();
const tracing = startTracing({ serviceName: 'innerecho', exporter });
// Its fetch hooks are the process's: later test files in this worker must not trace.
afterAll(() => tracing.shutdown());

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({ natsUrl: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
});
afterAll(() => system?.stop());

/** The operators' port of the single process shows the gateway's figures and every service's, each labelled with its `service`. */
const figures = async () => (await fetch(`${system.gateway.metricsUrl}/metrics`)).text();

describe('a referred checkout, as operators see it', () => {
  let creator: { id: string; referralCode: string };
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    admin = await signedInAdmin(system.url, system.admin);
    creator = await createCreatorThroughAdmin(admin);
    await subscribeThroughDemoCheckout(system.url, { referralCode: creator.referralCode });
    await eventually(async () => expect(await commissionsOf(admin, creator.id)).toHaveLength(1));
  });

  test('is one trace from the gateway through billing and NATS headers into creator-referral, with the database queries of each step', async () => {
    const spans = await eventually(async () => {
      const found = exporter.getFinishedSpans();
      const consumed = found.find(
        (s) =>
          s.kind === SpanKind.CONSUMER &&
          s.name === 'billing.invoice.paid.v1 process' &&
          String(s.attributes['messaging.consumer.group.name']).startsWith('creator-referral.'),
      );
      if (!consumed) throw new Error('creator-referral has not handled an invoice yet');
      return found;
    });
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const parentOf = (span: ReadableSpan) => byId.get(span.parentSpanContext?.spanId ?? '');

    const consumed = spans.filter(
      (s) =>
        s.kind === SpanKind.CONSUMER &&
        s.name === 'billing.invoice.paid.v1 process' &&
        String(s.attributes['messaging.consumer.group.name']).startsWith('creator-referral.'),
    );
    // Each invoice of the checkout (the $0 trial one, the first payment) has its chain.
    const chains = consumed.map((consumer) => {
      const published = parentOf(consumer);
      const billing = published && parentOf(published);
      const gateway = billing && parentOf(billing);
      return { consumer, published, billing, gateway };
    });
    expect(chains.length).toBeGreaterThanOrEqual(2);
    for (const { consumer, published, billing, gateway } of chains) {
      expect(published?.kind).toBe(SpanKind.PRODUCER);
      expect(published?.name).toBe('billing.invoice.paid.v1 publish');
      expect(billing?.kind).toBe(SpanKind.SERVER);
      expect(billing?.attributes['innerecho.service']).toBe('billing');
      expect(billing?.name).toBe('POST /api/billing/demo-checkout/:id/complete');
      expect(gateway?.attributes['innerecho.service']).toBe('gateway');
      expect(gateway?.name).toBe('POST /api/billing/demo-checkout/:id/complete');
      expect(gateway?.parentSpanContext).toBeUndefined(); // the gateway starts the trace
      const traceId = gateway!.spanContext().traceId;
      for (const span of [consumer, published!, billing!]) expect(span.spanContext().traceId).toBe(traceId);
      // The database work of each step is in the trace: billing's writes under its request,
      // creator-referral's under the event it handled.
      const queriesUnder = (step: ReadableSpan) =>
        spans.filter((s) => {
          if (s.kind !== SpanKind.CLIENT || s.attributes['db.system.name'] !== 'postgresql') return false;
          for (let up = parentOf(s); up; up = parentOf(up)) if (up === step) return true;
          return false;
        });
      expect(queriesUnder(billing!).map((s) => s.attributes['db.namespace'])).toContain('billing');
      expect(queriesUnder(billing!).map((s) => s.name)).toContain('pg insert');
      expect(queriesUnder(consumer).map((s) => s.attributes['db.namespace'])).toContain('creator_referral');
    }
  });

  test("the operators' port shows the gateway's and every service's figures: requests, events, outbox and checkouts", async () => {
    const gateway = await figures();
    expect(
      sumOfMetric(gateway, 'innerecho_http_requests_total', { route: '/api/create-checkout-session', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sumOfMetric(gateway, 'innerecho_http_request_duration_seconds_count', {
        route: '/api/billing/demo-checkout/:id/complete',
        status: '303',
      }),
    ).toBeGreaterThanOrEqual(1);

    const billing = await figures();
    expect(sumOfMetric(billing, 'innerecho_checkouts_total', { mode: 'demo', outcome: 'started' })).toBeGreaterThanOrEqual(1);
    expect(sumOfMetric(billing, 'innerecho_checkouts_total', { mode: 'demo', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(sumOfMetric(billing, 'innerecho_events_published_total', { subject: 'billing.invoice.paid.v1' })).toBeGreaterThanOrEqual(2);
    expect(
      sumOfMetric(billing, 'innerecho_http_requests_total', { route: '/api/billing/demo-checkout/:id/complete', status: '303' }),
    ).toBeGreaterThanOrEqual(1);
    await eventually(async () => {
      const now = await figures();
      expect(sumOfMetric(now, 'innerecho_outbox_rows_waiting', { service: 'billing' })).toBe(0);
      expect(now).toContain('innerecho_outbox_oldest_waiting_age_seconds{service="billing"} 0');
    });

    const referral = await figures();
    const consumer = 'creator-referral.billing-events';
    expect(
      sumOfMetric(referral, 'innerecho_events_handled_total', { consumer, subject: 'billing.invoice.paid.v1' }),
    ).toBeGreaterThanOrEqual(2);
    expect(referral).toContain('# TYPE innerecho_events_retried_total counter');
    expect(referral).toContain('# TYPE innerecho_events_dead_lettered_total counter');
    // What NATS holds for the consumer: the invoices were delivered and acknowledged.
    await eventually(async () => {
      const now = await figures();
      for (const state of ['pending', 'awaiting_ack', 'redelivered'])
        expect({ state, n: sumOfMetric(now, 'innerecho_events_consumer_backlog', { consumer, state }) }).toEqual({ state, n: 0 });
      expect(now).toContain(`innerecho_events_consumer_backlog{consumer="${consumer}",state="pending",service="creator-referral"} 0`);
    });

    // The render queue's gauges are there before any render.
    const generation = await figures();
    expect(generation).toContain('innerecho_render_queue_length{state="waiting",service="generation"} 0');
    expect(generation).toContain('# TYPE innerecho_render_queue_wait_seconds histogram');
  });

  test("/health says the process lives while /ready says what it depends on; losing identity leaves billing ready, holding identity's keys and list", async () => {
    const ready = await fetch(`${system.services.billing.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      service: 'billing',
      checks: { database: 'ok', 'identity-keys': 'ok', 'session-revocations': 'ok' },
    });
    // NATS is no reason to be unready (the outbox keeps events while it is away): /health reports it.
    // And which version runs: the last release's, followed by the commit when the code changed since.
    const released = lastRelease(readReleases(workingTree(repositoryRoot()!)))!.parts.billing.version.replace(/\./g, '\\.');
    expect(await (await fetch(`${system.services.billing.url}/health`)).json()).toEqual({
      status: 'ok',
      service: 'billing',
      version: expect.stringMatching(new RegExp(`^${released}(\\+[0-9a-f]{7})?$`)),
      details: { events: 'ok' },
    });

    await system.services.identity.stop();
    // The services hold identity's keys and list of ended sessions from their start: they stay
    // ready, and a signed-in person is still served while identity is away (restarting, say).
    expect((await fetch(`${system.services.billing.url}/ready`)).status).toBe(200);
    expect((await fetch(`${system.services.billing.url}/health`)).status).toBe(200);
    expect(await commissionsOf(admin, creator.id)).toHaveLength(1);
    const overall = await fetch(`${system.url}/health`);
    expect(overall.status).toBe(503);
    expect(((await overall.json()) as { status: string }).status).toBe('degraded');
  });
});

import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { EventEnvelope } from '@innerecho/contracts';
import { expressRoute } from './metrics';

/**
 * OpenTelemetry tracing. The W3C trace context (`traceparent`) travels in HTTP headers
 * between the gateway and the services and in NATS message headers between a producer's
 * outbox and its consumers, so one trace follows a checkout from the gateway through
 * billing and the event bus into creator-referral.
 *
 * Off unless `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is
 * set, or a test hands in an exporter: then the API calls below are no-ops that still
 * pass an incoming context along.
 */

const TRACER = 'innerecho';
export const tracer = () => trace.getTracer(TRACER);

export interface TracingOptions {
  /** `service.name` of every span this process records. */
  serviceName: string;
  /** Where spans go instead of OTLP (tests use an InMemorySpanExporter). */
  exporter?: SpanExporter;
  env?: NodeJS.ProcessEnv;
}

export interface Tracing {
  enabled: boolean;
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

let active: Tracing | null = null;

/** Starts tracing for this process, once; later calls get the first one's handle. */
export function startTracing(options: TracingOptions): Tracing {
  if (active) return active;
  const env = options.env ?? process.env;
  const otlp = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  if (!options.exporter && !otlp) {
    active = { enabled: false, shutdown: async () => undefined };
    return active;
  }
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : // The exporter reads the endpoint, headers and timeout from the standard OTEL_EXPORTER_OTLP_* variables.
      new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const stopTracingFetch = traceOutgoingFetch();
  active = {
    enabled: true,
    // The fetch hooks are the process's (diagnostics channels), not this module's: they go too.
    shutdown: async () => {
      stopTracingFetch();
      await provider.shutdown();
    },
  };
  return active;
}

export type TraceCarrier = Record<string, string>;

/** The current trace context as headers (`traceparent`, `tracestate`), for a message that leaves this process later. */
/** Whether this process records traces (a request handled outside `traceRequests` would have none). */
export const tracingActive = () => active?.enabled === true;

export function currentTraceCarrier(ctx: Context = context.active()): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(ctx, carrier);
  return Object.keys(carrier).length ? carrier : undefined;
}

const headerGetter = {
  keys: (carrier: Request['headers']) => Object.keys(carrier),
  get: (carrier: Request['headers'], key: string) => carrier[key],
};

export interface TraceRequestsOptions {
  /** Named on each span, so spans of services sharing one process (`npm start`) stay apart. */
  service: string;
  /**
   * Continue a trace the caller started (services behind the gateway). The gateway is the
   * edge: it starts every trace itself and never trusts a browser's `traceparent`.
   */
  continueIncoming: boolean;
  routeOf?: (req: Request) => string;
}

/**
 * A server span around every request, active while the route runs (so database work,
 * outgoing calls and outbox events join it), named after the route pattern once known.
 * The span's context replaces the request's `traceparent`, so a proxy forwarding the
 * request carries it on.
 */
export function traceRequests(options: TraceRequestsOptions): RequestHandler {
  const routeOf = options.routeOf ?? expressRoute;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!active?.enabled) {
      // Tracing is off: no span to start, and a browser's trace headers are still not passed on.
      if (!options.continueIncoming) {
        delete req.headers.traceparent;
        delete req.headers.tracestate;
      }
      next();
      return;
    }
    const parent = options.continueIncoming ? propagation.extract(context.active(), req.headers, headerGetter) : context.active();
    const span = tracer().startSpan(
      `${req.method}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'innerecho.service': options.service, 'http.request.method': req.method, 'url.path': req.path },
      },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    delete req.headers.traceparent;
    delete req.headers.tracestate;
    propagation.inject(ctx, req.headers);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const route = routeOf(req);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.once('finish', end);
    res.once('close', end);
    context.with(ctx, next);
  };
}

/** Runs `work` in a span; a thrown error marks the span failed and is rethrown. */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; parent?: Context; attributes?: Record<string, string | number> },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
    throw error;
  } finally {
    span.end();
  }
}

/** The context an event was published in, read from the carrier it brought (NATS headers, or the in-process envelope). */
export function eventParentContext(envelope: EventEnvelope): Context {
  return propagation.extract(context.active(), envelope.traceContext ?? {});
}

/**
 * Outgoing `fetch` calls (service to service: identity's keys and session bindings,
 * generation asking voice and library) get a client span and carry `traceparent`. Node's
 * fetch announces each request on a diagnostics channel, where headers can still be added.
 */
function traceOutgoingFetch(): () => void {
  const spans = new WeakMap<object, Span>();
  const hooks: [string, (message: unknown) => void][] = [];
  const on = (channel: string, hook: (message: unknown) => void) => {
    subscribe(channel, hook);
    hooks.push([channel, hook]);
  };
  on('undici:request:create', (message) => {
    const { request } = message as {
      request: { method: string; origin: string; path: string; addHeader(name: string, value: string): void };
    };
    const span = tracer().startSpan(`${request.method} ${request.origin}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': request.method, 'server.address': request.origin, 'url.path': request.path.split('?')[0] },
    });
    spans.set(request, span);
    propagation.inject(trace.setSpan(context.active(), span), request, { set: (r, key, value) => r.addHeader(key, value) });
  });
  on('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    spans.delete(request);
  });
  on('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: Error };
    const span = spans.get(request);
    if (!span) return;
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    span.end();
    spans.delete(request);
  });
  return () => {
    for (const [channel, hook] of hooks) unsubscribe(channel, hook);
  };
}

export { SpanKind };

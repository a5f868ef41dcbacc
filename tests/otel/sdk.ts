/**
 * A real OpenTelemetry SDK for the fw-api/otel tests: a tracer provider (in-memory, or exporting
 * OTLP/JSON over HTTP to a receiver the test runs), AsyncLocalStorage context, the W3C
 * propagator, and a meter provider read in memory. `stop()` unregisters all of it: the test
 * workers are shared (vitest.config.ts), and the API's globals outlive a file.
 */
import { createServer, type Server } from 'node:http'
import { context, metrics, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics'
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace'

export interface Sdk {
  provider: TracerProvider
  meters?: MeterProvider
  metricExporter?: InMemoryMetricExporter
  reader?: PeriodicExportingMetricReader
  stop(): Promise<void>
}

/** Register a tracer provider exporting to `exporter` (and, with `withMetrics`, a meter provider). */
export function startSdk(exporter: SpanExporter, options: { sampler?: Sampler; withMetrics?: boolean } = {}): Sdk {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'fw-otel-test' }),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
    ...(options.sampler ? { sampler: options.sampler } : {}),
  })
  trace.setGlobalTracerProvider(provider)
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  let meters: MeterProvider | undefined
  let metricExporter: InMemoryMetricExporter | undefined
  let reader: PeriodicExportingMetricReader | undefined
  if (options.withMetrics) {
    metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
    reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 })
    meters = new MeterProvider({ readers: [reader] })
    metrics.setGlobalMeterProvider(meters)
  }
  return {
    provider,
    meters,
    metricExporter,
    reader,
    async stop() {
      await provider.shutdown()
      await meters?.shutdown()
      trace.disable()
      context.disable()
      propagation.disable()
      metrics.disable()
    },
  }
}

/** An in-memory exporter and the SDK around it. */
export function memorySdk(options: { sampler?: Sampler; withMetrics?: boolean } = {}): Sdk & { spans: InMemorySpanExporter } {
  const spans = new InMemorySpanExporter()
  return { ...startSdk(spans, options), spans }
}

/** One span as OTLP/JSON carries it (the fields the tests read). */
export interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: { key: string; value: Record<string, unknown> }[]
  events?: { name: string; attributes: { key: string; value: Record<string, unknown> }[] }[]
  status?: { code?: number; message?: string }
}

/** A `node:http` OTLP/JSON receiver: what every `POST /v1/traces` carried, span by span. */
export interface Receiver {
  url: string
  spans: OtlpSpan[]
  /** the raw bodies received (for the secrets scan) */
  bodies: string[]
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const spans: OtlpSpan[] = []
  const bodies: string[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      bodies.push(text)
      if (request.url === '/v1/traces') {
        const body = JSON.parse(text) as { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] }
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []))
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** An SDK exporting OTLP/JSON over HTTP to `receiver`. */
export function otlpSdk(receiver: Receiver, options: { withMetrics?: boolean } = {}): Sdk {
  return startSdk(new OTLPTraceExporter({ url: `${receiver.url}/v1/traces` }), options)
}

/** An OTLP attribute's value as a plain value. */
export function attribute(span: OtlpSpan, key: string): unknown {
  const found = span.attributes.find((each) => each.key === key)?.value
  if (!found) return undefined
  if ('stringValue' in found) return found.stringValue
  if ('intValue' in found) return Number(found.intValue)
  if ('boolValue' in found) return found.boolValue
  if ('doubleValue' in found) return found.doubleValue
  return found
}

/** Wait until `check()` holds (spans arrive after the answer). */
export async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for spans')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

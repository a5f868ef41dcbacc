/**
 * The tracer and the metric instruments of fw-api/otel, read from the global OpenTelemetry API
 * (whatever SDK the application registered), and the one check that makes the plugin free
 * without an SDK: the API's no-op tracer provider and no-op meter are recognised by identity.
 */
import {
  createNoopMeter,
  metrics,
  ProxyTracerProvider,
  trace,
  type Histogram,
  type MeterProvider,
  type Tracer,
  type TracerProvider,
  type UpDownCounter,
} from '@opentelemetry/api'
import { samplingPlanOf, type SamplingPlan } from './sampling'

/** The instrumentation scope of every span and metric fw-api/otel makes. */
export const SCOPE = 'fw-api'

/** What the API's proxy answers while no SDK is registered (its no-op provider). */
const NO_TRACING = new ProxyTracerProvider().getDelegate()

const found: { delegate?: TracerProvider; tracer?: Tracer; plan?: SamplingPlan } = {}

/**
 * The tracer of the registered tracer provider (an SDK, whatever its sampler), or `undefined`
 * while none is registered: the one check a request pays without an SDK. The SDK's own tracer,
 * found again when another provider is registered.
 */
export function activeTracer(): Tracer | undefined {
  const provider = trace.getTracerProvider()
  const delegate = provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider
  if (delegate === NO_TRACING) return undefined
  if (delegate !== found.delegate) {
    found.delegate = delegate
    found.tracer = delegate.getTracer(SCOPE)
    found.plan = samplingPlanOf(found.tracer)
  }
  return found.tracer
}

/**
 * What the sampler of the tracer `activeTracer()` last returned surely drops (otel/sampling.ts),
 * or `undefined`: every span is started and the SDK decides.
 */
export function samplingPlan(): SamplingPlan | undefined {
  return found.plan
}

/** The metric instruments of fw-api/otel (OpenTelemetry's HTTP and database semantic conventions). */
export interface Instruments {
  /** `http.server.request.duration` (s) by method, route, status, scheme */
  requestDuration: Histogram
  /** `http.server.active_requests` by method and scheme */
  activeRequests: UpDownCounter
  /** `db.client.operation.duration` (s) by system, operation, table */
  statementDuration: Histogram
}

/** The semantic conventions' buckets for request and statement durations (seconds). */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]

const made: { provider?: MeterProvider; instruments?: Instruments } = {}

/**
 * The instruments of the registered meter provider (made once per provider), or `undefined`
 * while none is registered.
 */
export function instruments(): Instruments | undefined {
  const provider = metrics.getMeterProvider()
  if (provider === made.provider) return made.instruments
  const meter = provider.getMeter(SCOPE)
  made.provider = provider
  made.instruments =
    meter === createNoopMeter()
      ? undefined
      : {
          requestDuration: meter.createHistogram('http.server.request.duration', {
            unit: 's',
            description: 'Duration of HTTP server requests.',
            advice: { explicitBucketBoundaries: SECONDS_BUCKETS },
          }),
          activeRequests: meter.createUpDownCounter('http.server.active_requests', {
            unit: '{request}',
            description: 'Number of active HTTP server requests.',
          }),
          statementDuration: meter.createHistogram('db.client.operation.duration', {
            unit: 's',
            description: 'Duration of database client operations.',
            advice: { explicitBucketBoundaries: SECONDS_BUCKETS },
          }),
        }
  return made.instruments
}

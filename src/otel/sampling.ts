/**
 * What fw-api/otel knows of the registered SDK's sampler before it starts a span: the
 * OpenTelemetry JS SDK's tracer keeps its sampler (`_sampler`) and id generator (`_idGenerator`),
 * and each of the SDK's samplers describes itself (`Sampler.toString()`). When that description
 * says the span would surely not be sampled (`AlwaysOffSampler`, `TraceIdRatioBased{0}`, or the
 * matching branch of a `ParentBased`), fw starts no span of its own: the request continues a
 * caller's trace with an unsampled span made of ids only, as the SDK would; its ORM statements,
 * auth and hooks start none. Any other tracer or sampler is asked per span, as usual.
 */
import {
  isSpanContextValid,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanContext,
  type Tracer,
} from '@opentelemetry/api'

/** Which spans the SDK's sampler surely drops, by their parent; and the SDK's span ids. */
export interface SamplingPlan {
  /** no parent */
  root: boolean
  remoteSampled: boolean
  remoteUnsampled: boolean
  localSampled: boolean
  localUnsampled: boolean
  /** a new span id, from the SDK's id generator */
  spanId: () => string
}

/** The descriptions of the SDK's samplers that sample no span at all. */
const SAMPLING_NOTHING = new Set(['AlwaysOffSampler', 'TraceIdRatioBased{0}'])
const PARENT_BASED = 'ParentBased{'

/** `ParentBased{root=A, remoteParentSampled=B, ...}`'s top-level fields (nested braces kept whole). */
function fieldsOf(described: string): Map<string, string> {
  const fields = new Map<string, string>()
  const inner = described.slice(PARENT_BASED.length, -1)
  let depth = 0
  let start = 0
  for (let at = 0; at <= inner.length; at++) {
    const char = inner[at]
    if (char === '{') depth++
    else if (char === '}') depth--
    else if (at === inner.length || (char === ',' && depth === 0)) {
      const field = inner.slice(start, at).trim()
      const equals = field.indexOf('=')
      if (equals > 0) fields.set(field.slice(0, equals), field.slice(equals + 1))
      start = at + 1
    }
  }
  return fields
}

/**
 * The sampling plan of `tracer` (the OpenTelemetry JS SDK's), or `undefined` for any other
 * tracer or a sampler whose description says nothing sure.
 */
export function samplingPlanOf(tracer: Tracer): SamplingPlan | undefined {
  const sampler: unknown = Reflect.get(tracer, '_sampler')
  const ids: unknown = Reflect.get(tracer, '_idGenerator')
  if (typeof sampler !== 'object' || sampler === null) return undefined
  if (typeof ids !== 'object' || ids === null) return undefined
  const generate: unknown = Reflect.get(ids, 'generateSpanId')
  if (typeof generate !== 'function') return undefined
  const spanId = (): string => String(generate.call(ids))
  const described = String(sampler)
  if (SAMPLING_NOTHING.has(described))
    return {
      root: true,
      remoteSampled: true,
      remoteUnsampled: true,
      localSampled: true,
      localUnsampled: true,
      spanId,
    }
  if (!described.startsWith(PARENT_BASED) || !described.endsWith('}')) return undefined
  const fields = fieldsOf(described)
  const drops = (name: string): boolean => SAMPLING_NOTHING.has(fields.get(name) ?? '')
  const plan: SamplingPlan = {
    root: drops('root'),
    remoteSampled: drops('remoteParentSampled'),
    remoteUnsampled: drops('remoteParentNotSampled'),
    localSampled: drops('localParentSampled'),
    localUnsampled: drops('localParentNotSampled'),
    spanId,
  }
  const dropsAny =
    plan.root ||
    plan.remoteSampled ||
    plan.remoteUnsampled ||
    plan.localSampled ||
    plan.localUnsampled
  return dropsAny ? plan : undefined
}

/** The valid span context `parent` carries, if any. */
export function parentIds(parent: Context): SpanContext | undefined {
  const ids = trace.getSpanContext(parent)
  return ids !== undefined && isSpanContextValid(ids) ? ids : undefined
}

/** Is a span started under a parent of span context `ids` (none: a root) surely not sampled? */
export function droppedUnder(plan: SamplingPlan, ids: SpanContext | undefined): boolean {
  if (ids === undefined) return plan.root
  const sampled = (ids.traceFlags & TraceFlags.SAMPLED) !== 0
  if (ids.isRemote === true) return sampled ? plan.remoteSampled : plan.remoteUnsampled
  return sampled ? plan.localSampled : plan.localUnsampled
}

/** Is a span started under `parent` surely not sampled, by `plan`? */
export function surelyDropped(plan: SamplingPlan, parent: Context): boolean {
  return droppedUnder(plan, parentIds(parent))
}

/** The unsampled span the SDK would start under `ids`: the same trace, a new span id, ids only. */
export function unsampledChild(plan: SamplingPlan, ids: SpanContext): Span {
  return trace.wrapSpanContext({
    traceId: ids.traceId,
    spanId: plan.spanId(),
    traceFlags: TraceFlags.NONE,
    traceState: ids.traceState,
  })
}

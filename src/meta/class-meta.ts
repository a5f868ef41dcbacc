import type { StandardSchemaV1 } from '../types'
import '../polyfill'
import { throwImproperlyConfigured } from '../exceptions/configured'
import { isObject } from '../utils/is'

/**
 * What decorators record about an API class. Filled by `@api.*` and param
 * markers under either decorator standard, read once when a service compiles.
 */
export interface ClassMeta {
  /** endpoint declarations per method name, in decoration order */
  endpoints: Map<string, EndpointDecl[]>
  /** common params declared as decorated fields, by field name */
  fields: Map<string, unknown>
  /** `@api.before` / `@api.after` / `@api.handle` methods, in decoration order */
  hooks: HookDecl[]
  /** `@api.response(R | null)` per method name */
  templates: Map<string, unknown>
  /** `@api.timeout(ms)` per method name, in ms (`false`: no deadline) */
  timeouts: Map<string, number | false>
  /** `@api.doc(...)` / `@api.hidden` per method name (api/doc.ts's `OperationDoc`) */
  docs: Map<string, object>
  /** decorators put where they do nothing (`@api.get` on a field, `@api.route` on a method): refused when a service is built */
  misplaced: Misplaced[]
}

/** A decorator in the wrong place, recorded at decoration, refused (naming the class) at build. */
export interface Misplaced {
  /** the member it decorates (`''`: the class itself) */
  member: string
  /** what is wrong and the fix, e.g. "@api.get is on a field; …" */
  message: string
}

/** One `@api.before(...)`, `@api.after(...)` or `@api.handle(...)` on a method. */
export interface HookDecl {
  kind: 'before' | 'after' | 'handle'
  methodName: string
  /** method names, API classes or `'*'` */
  targets: unknown[]
  /** before hooks: their own params */
  params?: Record<string, unknown>
  /** error hooks: the error classes caught (none = every error) */
  errors?: Function[]
  /** error hooks: what they answer, for the document (api/handle-doc.ts's `HandleAnswers`) */
  answers?: { status: readonly number[]; result?: StandardSchemaV1; contentType?: string }
  /**
   * a before hook a library puts on one endpoint (`@limiter.endpoint`): run, with the API
   * instance as `this`, instead of a method of the class; `methodName` then names it in messages
   */
  run?: (this: unknown, input: Record<string, unknown>) => unknown
  /** the exceptions `run` throws, listed with the endpoint's errors in the document */
  raises?: readonly Function[]
}

/** One `@api.<method>(...)` on a method. */
export interface EndpointDecl {
  method: string
  /** declared as a field (`add = api.get(params, handler)`): the handler is the instance's own property */
  field?: boolean
  path?: string
  params?: Record<string, unknown>
  /** a field endpoint's `{ doc }` (api/doc.ts's `OperationDoc`); a method's is `ClassMeta.docs` */
  doc?: object
  /** a `@ws.socket(...)`'s declaration (fw-api/ws's `SocketDecl`), opaque to the core */
  socket?: object
}

const META = Symbol.for('fw.meta')
const legacyStore = new WeakMap<object, ClassMeta>()

function create(): ClassMeta {
  return {
    endpoints: new Map(),
    fields: new Map(),
    hooks: [],
    templates: new Map(),
    timeouts: new Map(),
    docs: new Map(),
    misplaced: [],
  }
}

/** Meta of a TC39 decorator context (its per-class `metadata` object). */
export function metaOfContext(context: { metadata?: object | null }): ClassMeta {
  const bag = context.metadata as Record<symbol, ClassMeta | undefined> | null | undefined
  if (!bag)
    throwImproperlyConfigured(
      'fw: decorator metadata is unavailable; import "fw-api" before declaring API classes',
    )
  if (!Object.hasOwn(bag, META)) bag[META] = create()
  return bag[META] as ClassMeta
}

/** Meta of a legacy (`experimentalDecorators`) target: the class prototype. */
export function metaOfPrototype(prototype: object): ClassMeta {
  let meta = legacyStore.get(prototype)
  if (!meta) legacyStore.set(prototype, (meta = create()))
  return meta
}

/**
 * What a class decorator (`@api.route`, `@api.plugin`, `@api.doc`) recorded on exactly this class
 * under `key`, not on its parents.
 *
 * @example
 * ownStatic(ArticleAPI, Symbol.for('fw.route')) // '/article'
 */
export function ownStatic(cls: Function, key: symbol): unknown {
  return Object.hasOwn(cls, key) ? (cls as unknown as Record<symbol, unknown>)[key] : undefined
}

/** Everything recorded on exactly this class (not its parents), under both standards. */
export function ownMeta(cls: Function): ClassMeta[] {
  const found: ClassMeta[] = []
  const bag = ownStatic(cls, (Symbol as unknown as { metadata: symbol }).metadata) as
    | Record<symbol, ClassMeta>
    | undefined
  if (bag && Object.hasOwn(bag, META)) found.push(bag[META] as ClassMeta)
  const legacy = legacyStore.get(cls.prototype as object)
  if (legacy) found.push(legacy)
  return found
}

/** A TC39 decorator context, as far as fw needs to tell it apart. */
export interface DecoratorContextLike {
  kind: string
  name: string | symbol
  metadata?: object | null
}

/** True when called as a TC39 decorator `(value, context)`. */
export function isDecoratorContext(value: unknown): value is DecoratorContextLike {
  return (
    isObject(value) &&
    'kind' in value &&
    'name' in value &&
    typeof (value as { kind: unknown }).kind === 'string'
  )
}

/** Meta of a method decorator call under either standard, and the method's name. */
export function metaOfMethodCall(args: readonly unknown[]): { meta: ClassMeta; name: string } {
  const context = args[1]
  if (isDecoratorContext(context))
    return { meta: metaOfContext(context), name: String(context.name) }
  return { meta: metaOfPrototype(args[0] as object), name: String(args[1]) }
}

/** True when called as a legacy member decorator `(prototype, key, descriptor?)`. */
export function isLegacyMemberCall(args: readonly unknown[]): boolean {
  return (
    args.length >= 2 &&
    args.length <= 3 &&
    Object(args[0]) === args[0] && // an object or a function (not null, not a primitive)
    (typeof args[1] === 'string' || typeof args[1] === 'symbol') &&
    (args[2] === undefined || isObject(args[2]))
  )
}

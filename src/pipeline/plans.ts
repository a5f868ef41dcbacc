/**
 * The data the request-time steps read, as types only: a param's plan (where it is read from, how
 * it is checked), a resolved hook, the service-wide settings an endpoint is compiled with. Built
 * once per endpoint by compile/ (params.ts, param-plan.ts, hooks.ts); read per request by the steps
 * of this folder (docs/architecture.md, "Build time and request time").
 */
import type { BaseAPI } from '../api/api'
import type { Plugin } from '../api/plugin'
import type { Limits } from '../body'
import type { HookDecl } from '../meta'
import type { MarkerSpec } from '../request/markers'
import type { ResponseInits } from '../response/inits'
import type { Stringify } from '../response/render'
import type { Template } from '../response/response'
import type { AnySchema, ConversionPlan } from '../schema'
import type { SchemaChecker } from '../schema/parse'
import type { Exchange } from './exchange'
import type { RequestContext } from '../request/context'

/** Where a parsed value goes: the method's input object or the API instance (common params). */
export type Target = 'input' | 'instance'

/** How one param is read, converted and validated; built once per endpoint. */
export interface ParamPlan {
  /** `resolved`: found by the param's own `resolve` (fw-api/auth's users), before the others are read */
  in: 'path' | 'query' | 'header' | 'cookie' | 'body' | 'resolved'
  /** the item name used in messages (the wire name) */
  name: string
  target: Target
  key: string
  /** where its raw value is read from, as data (`readParam`, pipeline/extract.ts) */
  source: ParamSource
  /** its schema's convert-then-check (`checkParam`, pipeline/extract.ts); `null` for a resolved value (stored as its resolver made it) */
  checker: SchemaChecker | null
  hasDefault: boolean
  default: unknown
  /** absent is fine and gives `undefined` (`required: false`) */
  mayBeAbsent: boolean
  /** a whole object (Query, Headers, Cookies, Body): its failures are listed by the wire names of their fields */
  whole: boolean
  /** the declaration it was planned from (schema, default, rules): read by docs generators */
  spec: MarkerSpec
  /** an object param (`request.Query/Headers/Cookies`): one wire item per entry of its schema */
  entries: readonly WireEntry[] | undefined
}

/** One entry of an object param on the wire. */
export interface WireEntry {
  /** the entry's key in the object schema */
  key: string
  /** the key of the parsed object it fills: the alias, else the key */
  wire: string
  /** its wire name as declared: the alias, else the key (a header: the key in kebab-case) */
  name: string
  schema: AnySchema | undefined
  /** its conversion plan (another library's entry `schema` is its JSON Schema node: the plan says what it takes) */
  plan?: ConversionPlan
}

/**
 * How a source only a request marker declares is read (`request.QueryParam`'s kinds aside): a
 * reader of pipeline/ bound to the source's data by its planner (compile/param-plan.ts), which
 * the marker registers, so a service that declares none bundles no such reader (SPEC §5.2).
 */
export type SourceRead = (exchange: Exchange) => unknown

/**
 * Where one param's raw value comes from, decided at build; `readParam` (pipeline/extract.ts)
 * reads it with one `switch` on `kind`, a marker's source (header, cookie, object params) by its
 * own `read`.
 */
export type ParamSource =
  /** the route's `index`-th path value, decoded; a `rest` path is refused when unsafe, a `pattern` when unmatched */
  | {
      readonly kind: 'path'
      readonly index: number
      readonly pattern: RegExp | undefined
      /** the declared regex, as the 400 names it */
      readonly regex: string | undefined
      /** a rest (file path) param's check (`RestPaths.unsafe`): the reason a value is refused */
      readonly unsafe: ((value: string, absolute: boolean) => string | undefined) | undefined
      readonly absolute: boolean
    }
  /** one query key: its first value, or (`list`) a copy of all of them */
  | { readonly kind: 'query'; readonly wire: string; readonly list: boolean }
  /** the whole query string, parsed afresh (the handler may mutate it) */
  | { readonly kind: 'query-object'; readonly read: SourceRead }
  /** one header, by its lower-case name */
  | { readonly kind: 'header'; readonly wire: string; readonly read: SourceRead }
  | { readonly kind: 'cookie'; readonly wire: string; readonly read: SourceRead }
  /** the declared entries of a `Headers`/`Cookies` object */
  | {
      readonly kind: 'entries'
      readonly at: 'header' | 'cookie'
      readonly entries: readonly SourceEntry[]
      readonly read: SourceRead
    }
  /** the whole body, when its content type is one the `index`-th body plan accepts */
  | { readonly kind: 'body'; readonly index: number }
  | { readonly kind: 'body-field'; readonly wire: string }
  /** what the param's own `resolve` stored (fw-api/auth's users) */
  | { readonly kind: 'resolved'; readonly spec: MarkerSpec; readonly read: SourceRead }

/**
 * The step that stores the `resolve` params' values before the body is read (pipeline/resolve.ts
 * `resolveAll`): brought by their planner, so a service without one bundles none.
 */
export type ResolveAll = (
  context: RequestContext,
  resolvers: readonly MarkerSpec[],
  from: number,
) => Promise<void> | undefined

/** One declared entry of a `Headers`/`Cookies` object param, as it is read. */
export interface SourceEntry {
  /** the key of the parsed object it fills */
  readonly wire: string
  /** the header (lower case) or cookie it is read from */
  readonly source: string
  /** a `cookie` header entry holding an object schema: the parsed Cookie header */
  readonly cookies: boolean
}

/** A hook resolved for one endpoint: its class level, method and template. */
export interface ResolvedHook {
  decl: HookDecl
  /** index of its class in `EndpointDef.levels` */
  level: number
  method: (this: BaseAPI, ...args: unknown[]) => unknown
  /** how its own return values (and `this.respond`) render; never the target's rendering (an after hook receives that) */
  template: Template
}

/** What the upgrade of a socket endpoint reads of it (compile/tree.ts's `EndpointDef` is one). */
export interface SocketTarget {
  cls: Function
  methodName: string
  /** fw-api/ws's `SocketDecl` */
  socket?: object
  /** its classes, root first, with their plugins (`@api.plugin`) */
  levels: readonly { plugins: readonly Plugin[] }[]
  /** its params' specs: an auth param's names the security scheme it accepts */
  params: Readonly<Record<string, { security?: object }>>
}

/**
 * What compiles a `@ws.socket` endpoint's method (fw-api/ws registers it; the core carries none):
 * run by the endpoint's pipeline after its params, hooks and plugins, it accepts the upgrade.
 */
export type SocketUpgrade = (
  def: SocketTarget,
  options: CompileOptions,
) => (this: BaseAPI, input: Record<string, unknown>) => unknown

/** Service-wide settings an endpoint is compiled with. */
export interface CompileOptions {
  stringify: Stringify
  debug: boolean
  limits: Limits
  onError?: (error: unknown) => void
  /** service plugins: their `handleError` sees errors no hook handled */
  plugins: readonly Plugin[]
  /** the service's default deadline (ms; none: no deadline); a class's `static timeout` wins */
  timeout?: number
  /** the service's shared response inits (response/inits.ts), made for its runtime */
  inits?: ResponseInits
  /** the upgrade of `@ws.socket` endpoints, when `fw-api/ws` is imported */
  socketUpgrade?: SocketUpgrade
}

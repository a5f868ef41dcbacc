import { throwImproperlyConfigured } from '../exceptions/configured'
import { deadlineMs, type Deadline } from '../utils/duration'
import { isDecoratorContext, isLegacyMemberCall, ownStatic, type HookDecl } from '../meta'
import { isAPIClass, type APIClass } from './api'
import { isPlugin, type Plugin } from './plugin'
import {
  classDecorator,
  memberDecorator,
  type ClassDecorator,
  type MethodDecorator,
} from './decorators'
import { handleAnswers, isHandleDoc, type HandleDoc } from './handle-doc'
import { isFunction, isObject } from '../utils/is'

/**
 * A hook target: a method name of the class, a mounted API class, or `'*'` (everything).
 *
 * @example
 * @api.before('get', UserAPI) // a method name or an API class ('*': every endpoint)
 */
export type HookTarget = string | APIClass

/**
 * An error class an `@api.handle` hook catches.
 *
 * @example
 * @api.handle('*', exceptions.PermissionDenied) // an ErrorClass picks the errors handled
 */
export type ErrorClass = abstract new (...args: never[]) => Error

/** The method names among hook targets (`'*'` excluded). */
type NamesOf<T> = Exclude<Extract<T, string>, '*'>

/**
 * A hook decorator whose method-name targets must be methods of the class
 * (checked by TypeScript under either decorator standard; always again when
 * the service is built).
 */
export interface HookDecorator<Names extends string> {
  <This extends { [K in Names]: unknown }, A extends unknown[], R>(
    value: (this: This, ...args: A) => R,
    context: ClassMethodDecoratorContext<This, (this: This, ...args: A) => R>,
  ): void
  (target: { [K in Names]: unknown }, key: string | symbol, descriptor?: PropertyDescriptor): void
}

function isErrorClass(value: unknown): value is ErrorClass {
  return isFunction(value) && (value === Error || value.prototype instanceof Error)
}

function isMethodCall(args: readonly unknown[]): boolean {
  return (isFunction(args[0]) && isDecoratorContext(args[1])) || isLegacyMemberCall(args)
}

function hookDecorator(
  kind: HookDecl['kind'],
  decl: Omit<HookDecl, 'kind' | 'methodName'>,
): MethodDecorator {
  return memberDecorator(`@api.${kind}`, (meta, name) =>
    meta.hooks.push({ kind, methodName: name, ...decl }),
  )
}

/**
 * A before hook a library puts on the endpoint it decorates (`@limiter.endpoint` of
 * fw-api/plugins/rate-limit): `run` gets the endpoint's parsed params, `this` its API instance;
 * `raises` go in the document with the endpoint's errors. Not public: each library's decorator is.
 */
export function endpointHook(
  name: string,
  run: (this: unknown, input: Record<string, unknown>) => unknown,
  raises: readonly Function[] = [],
): MethodDecorator {
  return memberDecorator(name, (meta, method) =>
    meta.hooks.push({ kind: 'before', methodName: name, targets: [method], run, raises }),
  )
}

/** What a hook's target is, as its messages say it. */
const TARGET = "a method name, an API class or '*'"

function targetsOf(kind: string, args: readonly unknown[]): HookTarget[] {
  const decorator = `@api.${kind}`
  if (isMethodCall(args))
    throwImproperlyConfigured(
      `${decorator} needs its targets: method names, API classes or '*', e.g. ${decorator}('*')`,
    )
  for (const arg of args)
    if (typeof arg !== 'string' && !isAPIClass(arg))
      throwImproperlyConfigured(`${decorator}: a target must be ${TARGET} (got ${String(arg)})`)
  if (!args.length) throwImproperlyConfigured(`${decorator} needs at least one target (${TARGET})`)
  return [...(args as HookTarget[])]
}

/**
 * Run this method before the target endpoints (or every route of a target
 * sub-API), after their params are parsed. It receives the target's parsed
 * params plus its own (last argument: a params object, same forms as
 * endpoints). Throwing aborts the request.
 *
 * @example
 * @api.before('getArticle', 'update')
 * async loadArticle({ slug }: { slug: string }) { this.article = await find(slug) }
 */
export function before<const A extends readonly (HookTarget | Record<string, unknown>)[]>(
  ...args: A
): HookDecorator<NamesOf<A[number]>> {
  const last = args.at(-1)
  const hasParams = isObject(last)
  const params = hasParams ? (last as Record<string, unknown>) : undefined
  return hookDecorator('before', {
    targets: targetsOf('before', hasParams ? args.slice(0, -1) : args),
    params,
  }) as HookDecorator<NamesOf<A[number]>>
}

/**
 * Run this method after the target endpoints with their Web `Response`: a
 * returned `Response` replaces it, another value is rendered with the hook's
 * template, nothing keeps it. Child hooks run before parent hooks.
 *
 * @example
 * @api.after('*')
 * stamp(res: Response) { res.headers.set('server-timestamp', String(this.request.time.getTime())); return res }
 */
export function after<const T extends readonly HookTarget[]>(
  ...targets: T
): HookDecorator<NamesOf<T[number]>> {
  return hookDecorator('after', { targets: targetsOf('after', targets) }) as HookDecorator<
    NamesOf<T[number]>
  >
}

/**
 * Catch errors of the targets (their params, before hooks and method):
 * targets first, then error classes (none = every error), then optionally
 * what the hook answers for the document (`{ status, result, contentType }`,
 * api/handle-doc.ts). The return value is rendered like an endpoint result;
 * nearest class first.
 *
 * @example
 * @api.handle('*', exceptions.BadRequest, { status: 422, result: Invalid })
 * invalid(error: exceptions.BadRequest) { return this.respond({ reason: error.message }, { status: 422 }) }
 */
export function handle<const A extends readonly (HookTarget | ErrorClass | HandleDoc)[]>(
  ...args: A
): HookDecorator<NamesOf<A[number]>> {
  if (isMethodCall(args))
    throwImproperlyConfigured(
      "@api.handle needs its targets, e.g. @api.handle('*', exceptions.NotFound)",
    )
  const last = args.at(-1)
  const answers = isHandleDoc(last) ? handleAnswers(last) : undefined
  const rest: readonly unknown[] = answers ? args.slice(0, -1) : args
  const errors = rest.filter(isErrorClass)
  const targets = rest.filter((arg) => !isErrorClass(arg))
  return hookDecorator('handle', {
    targets: targetsOf('handle', targets),
    errors,
    ...(answers ? { answers } : {}),
  }) as HookDecorator<NamesOf<A[number]>>
}

/**
 * The response template of one endpoint or after hook (`null`: the bare
 * result). Nearest wins over the class's `static response`.
 *
 * @example
 * @api.response(WrapResponse)
 * @api.get
 * stats() { return { total: 3 } }
 */
export function response(template: Function | null): MethodDecorator {
  return memberDecorator('@api.response', (meta, name) => meta.templates.set(name, template))
}

/**
 * The deadline of one endpoint (ms, or a duration string like `'2s'`; `false`: none): not
 * answered in time → 504, and `this.request.signal` aborts. Wins over the class's
 * `static timeout` and the service's `timeout` option.
 *
 * @example
 * @api.timeout(2000)
 * @api.get
 * async report() { return await slowQuery() }
 */
export function timeout(deadline: Deadline): MethodDecorator {
  // `@api.timeout()` from JavaScript is refused, not read as "no deadline"
  const ms =
    deadlineMs(deadline ?? Number.NaN, `@api.timeout(${JSON.stringify(deadline)})`) ?? false
  return memberDecorator('@api.timeout', (meta, name) => meta.timeouts.set(name, ms))
}

const PLUGINS = Symbol.for('fw.plugins')

/**
 * Attach a plugin to an API class and its sub-APIs (class decorator).
 *
 * @example
 * @api.plugin(plugins.CORS({ allowOrigin: '*' }))
 * class PublicAPI extends api.API {}
 */
export function plugin(instance: Plugin): ClassDecorator<'@api.plugin'> {
  if (!isPlugin(instance))
    throwImproperlyConfigured('@api.plugin() takes an instance of an api.Plugin subclass')
  return classDecorator(
    `@api.plugin(${instance.constructor.name})`,
    'it attaches a plugin to an API class and its sub-APIs: put it on the class (for one endpoint, move it into a class of its own and mount that)',
    PLUGINS,
    (cls) => [instance, ...pluginsOf(cls)],
  )
}

/** The plugins declared on exactly this class, outermost first. */
export function pluginsOf(cls: Function): readonly Plugin[] {
  return (ownStatic(cls, PLUGINS) as readonly Plugin[] | undefined) ?? []
}

import type { BaseAPI } from '../api/api'
import { operationDoc, type OperationDoc } from '../api/doc'
import type { Plugin } from '../api/plugin'
import { isFunction } from '../utils/is'
import { throwImproperlyConfigured } from '../exceptions/configured'
import type { HookDecl } from '../meta'
import { BARE, declaredTemplate, type Template } from '../response/response'
import type { HookStep } from '../pipeline/hook-steps'
import type { CompileOptions, ParamPlan, ResolvedHook } from '../pipeline/plans'
import { label, rendererFor } from './options'
import type { EndpointDef, ClassLevel } from './tree'

/** What an endpoint's classes declare around it, resolved at build: hooks in run order, plugins, template, timeout, docs. */
export interface ResolvedDeclarations {
  /** outer class first */
  before: ResolvedHook[]
  /** nearest class first */
  after: ResolvedHook[]
  /** the `@api.handle` (error) hooks, nearest class first */
  errorHooks: ResolvedHook[]
  /** class plugins, outermost first */
  plugins: Plugin[]
  /** the endpoint's template, nearest wins */
  template: Template
  /** the nearest deadline (`@api.timeout`, else `static timeout`) in ms; `false`: none; none given: the service's */
  timeout: number | false | undefined
  /** `@api.doc(...)` / `@api.hidden` of the endpoint and its classes (docs generators read it) */
  doc: OperationDoc
}

/** The template `value` declares (a `response.Response` subclass, or `null` for bare), or ImproperlyConfigured naming `where`. */
export function templateFrom(value: unknown, where: string): Template {
  return (
    declaredTemplate(value) ??
    throwImproperlyConfigured(
      `${where}: a response template must be a response.Response subclass or null`,
    )
  )
}

/** The nearest class template from `level` outwards (`static response`), else bare. */
export function classTemplate(levels: readonly ClassLevel[], from: number): Template {
  for (let i = from; i >= 0; i--) {
    const { response, cls } = levels[i] as ClassLevel
    if (response !== undefined) return templateFrom(response, `${cls.name}.response`)
  }
  return BARE
}

/**
 * Does a hook declared at `level` apply to the endpoint (its classes, `levels`, and its method)?
 * Without a method: does it apply to every request under the class at the end (a routing miss:
 * compile/misses.ts `catchesMisses`). Also read by the document: openapi/routes.ts.
 */
export function targets(
  hook: HookDecl,
  def: { readonly levels: readonly ClassLevel[]; readonly methodName?: string },
  level: number,
): boolean {
  // at the endpoint's own class, its method's name; above it, a class on the way down
  return hook.targets.some(
    (target) =>
      target === '*' ||
      (level === def.levels.length - 1
        ? target === def.methodName
        : def.levels.slice(level + 1).some((below) => below.cls === target)),
  )
}

/**
 * Check the hooks of one class once: every target names an endpoint method
 * of the class, a sub-API mounted below it, or `'*'`.
 */
export function checkHooks(level: ClassLevel): void {
  for (const hook of level.hooks) {
    const where = label(level.cls, hook.methodName)
    const method = hook.run ?? (level.cls.prototype as Record<string, unknown>)[hook.methodName]
    if (!isFunction(method))
      throwImproperlyConfigured(`${where}: @api.${hook.kind} must decorate a method`)
    for (const target of hook.targets) {
      // a name is in `methods`, a class in `subAPIs` (each set holds one kind)
      if (
        target === '*' ||
        level.methods.has(target as string) ||
        level.subAPIs.has(target as Function)
      )
        continue
      const name = isFunction(target) ? `API class ${target.name}` : `'${String(target)}'`
      const known = [...level.methods].map((method) => `'${method}'`).join(', ') || 'none'
      throwImproperlyConfigured(
        `${where}: @api.${hook.kind} target ${name} is not an endpoint of ${level.cls.name} nor a sub-API mounted below it (endpoints: ${known}; or use '*')`,
      )
    }
  }
}

/**
 * The template a hook declared at `level` answers with: its own `@api.response`, else its
 * class's (`classTemplate`). Also the template of an error hook's answer to a routing miss.
 *
 * @example
 * hookTemplate(def.levels, 0, 'onError') // the root class's `static response`, unless `@api.response` is on onError
 */
export function hookTemplate(
  levels: readonly ClassLevel[],
  level: number,
  methodName: string,
): Template {
  const here = levels[level] as ClassLevel
  return here.templates.has(methodName)
    ? templateFrom(here.templates.get(methodName), label(here.cls, methodName))
    : classTemplate(levels, level)
}

/**
 * A hook declared at `level`, resolved: its method (a library's `run`, else the class's own) and
 * its template. For an endpoint's hooks and a class's error hooks answering its misses alike.
 *
 * @example
 * resolvedHook(def.levels, 0, decl) // { decl, level: 0, method: Root.prototype.onError, template }
 */
export function resolvedHook(
  levels: readonly ClassLevel[],
  level: number,
  decl: HookDecl,
): ResolvedHook {
  const here = levels[level] as ClassLevel
  return {
    decl,
    level,
    method: (decl.run ??
      (here.cls.prototype as Record<string, (this: BaseAPI, ...args: unknown[]) => unknown>)[
        decl.methodName
      ]) as ResolvedHook['method'],
    template: hookTemplate(levels, level, decl.methodName),
  }
}

/**
 * The step a resolved hook runs as (pipeline/hook-steps.ts): its renderer, the params only it
 * declares (a before hook's), its label. For an endpoint's hooks and a class's miss hooks alike.
 *
 * @example
 * hookStep(def.levels, resolvedHook(def.levels, 0, decl), options) // { hook, renderer, params: [], label: 'Root.onError()' }
 */
export function hookStep(
  levels: readonly ClassLevel[],
  hook: ResolvedHook,
  options: CompileOptions,
  params: readonly ParamPlan[] = [],
): HookStep {
  const where = label((levels[hook.level] as ClassLevel).cls, hook.decl.methodName)
  return { hook, renderer: rendererFor(options, hook.template, where), params, label: where }
}

/** The hooks that apply to an endpoint (or, without a method, to a routing miss), by kind. */
export type DeclaredHooks = Pick<ResolvedDeclarations, 'before' | 'after' | 'errorHooks'>

/**
 * The hooks declared on `def`'s levels that apply to it (`targets`), resolved: before hooks outer
 * class first, after and error hooks nearest class first. Without a method, the hooks that see a
 * routing miss of the class at the end (compile/misses.ts): its error hooks answer it.
 *
 * @example
 * declaredHooks({ levels: def.levels }).errorHooks // the `@api.handle` hooks that see a 404 under the class
 */
export function declaredHooks(def: {
  readonly levels: readonly ClassLevel[]
  readonly methodName?: string
}): DeclaredHooks {
  const found: DeclaredHooks = { before: [], after: [], errorHooks: [] }
  const { levels } = def
  // nearest class first, each class's hooks in declaration order; its before hooks go ahead of the nearer ones'
  for (let level = levels.length - 1; level >= 0; level--) {
    const levelBefore: ResolvedHook[] = []
    for (const decl of (levels[level] as ClassLevel).hooks)
      if (targets(decl, def, level))
        (decl.kind === 'before'
          ? levelBefore
          : decl.kind === 'after'
            ? found.after
            : found.errorHooks
        ).push(resolvedHook(levels, level, decl))
    found.before.unshift(...levelBefore)
  }
  return found
}

/** Resolve the hooks, plugins, template and timeout of one endpoint, once, at build. */
export function resolveDeclarations(def: EndpointDef): ResolvedDeclarations {
  const { levels, methodName } = def
  // the endpoint's own `@api.response`, else its nearest class's, else bare: a hook's rule
  const template = hookTemplate(levels, levels.length - 1, methodName)
  const timeout =
    (levels.at(-1) as ClassLevel).timeouts.get(methodName) ??
    levels.findLast((level) => level.timeout !== undefined)?.timeout
  // `@api.doc({ status, result })` is the endpoint's own: a plain result answers that status.
  const declared = operationDoc(
    levels.map((level) => level.cls),
    methodName,
    def.doc,
  )
  const { status, result } = declared
  return {
    ...declaredHooks(def),
    plugins: levels.flatMap((level) => level.plugins),
    template:
      status === undefined && result === undefined
        ? template
        : { ...template, status: status ?? template.status, result: result ?? template.result },
    timeout,
    doc: declared,
  }
}

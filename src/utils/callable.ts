/**
 * The one call form rule (README, "One call form"): configuration objects and built-in plugins
 * work called (`plugins.CORS({...})`, as UtilMeta writes them) and with `new`.
 * The class itself is wrapped in a `Proxy` whose `apply` trap constructs it, so
 * `new`, `instanceof`, `extends` and static members all reach the same class
 * (no eval, no copied prototype; works on every runtime with `Proxy`).
 */

/**
 * A class that may also be called without `new`: both forms return an instance.
 *
 * @example
 * const Time: Callable<typeof TimeClass> = callable(TimeClass)
 * Time({ useTz: false }) instanceof Time // true, as is new Time({ useTz: false })
 */
export type Callable<C extends abstract new (...args: never[]) => unknown> = C &
  ((...args: ConstructorParameters<C>) => InstanceType<C>)

/**
 * Wrap a class so that calling it constructs it. `new`, `instanceof`,
 * subclassing (`class X extends Wrapped {}`) and statics are the class's own.
 *
 * @example
 * export const CORS = callable(CORSPlugin)
 * CORS({ allowOrigin: '*' }) // same as new CORS({ allowOrigin: '*' })
 */
export function callable<C extends new (...args: never[]) => object>(cls: C): Callable<C> {
  return new Proxy(cls, {
    apply: (target, _this, args: unknown[]) => Reflect.construct(target, args),
  }) as Callable<C>
}

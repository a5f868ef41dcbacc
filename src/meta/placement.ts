/**
 * Where a decorator landed, under either decorator standard, so that one in
 * the wrong place (`@api.get` on a field or a static member, `@api.route` on
 * a method) is recorded and refused when a service is built — never a silent
 * 404.
 */
import {
  isDecoratorContext,
  isLegacyMemberCall,
  metaOfContext,
  metaOfPrototype,
  type ClassMeta,
} from './class-meta'
import { isFunction, isObject } from '../utils/is'

/** What a decorator call decorates. */
export type Placement =
  | { on: 'class' }
  | { on: 'method'; member: string }
  /** `what`: e.g. 'a field', 'a static method', 'a getter' */
  | { on: 'other'; member: string; what: string }

/**
 * Describe a decorator call: `(value, context)` (TC39) or `(target, key,
 * descriptor?)` / `(cls)` (experimentalDecorators). Anything else is not a
 * decorator call (`undefined`).
 *
 * @example
 * placementOf([undefined, { kind: 'field', name: 'x', static: false }]) // { on: 'other', member: 'x', what: 'a field' }
 */
export function placementOf(args: readonly unknown[]): Placement | undefined {
  const [target, key, descriptor] = args
  let member: string
  let isStatic: boolean
  let kind: string
  if (isDecoratorContext(key)) {
    if (key.kind === 'class') return { on: 'class' }
    member = String(key.name)
    isStatic = (key as { static?: unknown }).static === true
    kind = key.kind
  } else {
    if (args.length === 1 && isFunction(target)) return { on: 'class' }
    if (!isLegacyMemberCall(args)) return undefined
    member = String(key)
    isStatic = isFunction(target)
    kind =
      descriptor === undefined
        ? 'field'
        : isFunction((descriptor as PropertyDescriptor).value)
          ? 'method'
          : 'accessor'
  }
  if (kind === 'method' && !isStatic) return { on: 'method', member }
  return { on: 'other', member, what: `a ${isStatic ? 'static ' : ''}${kind}` }
}

/** The meta a decorator call writes to (a static member's legacy call: its class's prototype). */
function metaOfCall(args: readonly unknown[]): ClassMeta | undefined {
  const context = args[1]
  if (isDecoratorContext(context)) return context.metadata ? metaOfContext(context) : undefined
  const target = args[0]
  if (isFunction(target)) return metaOfPrototype(target.prototype as object)
  return isObject(target) ? metaOfPrototype(target) : undefined
}

/**
 * Record a decorator in the wrong place (the build names the class and throws
 * `ImproperlyConfigured`).
 *
 * @example
 * misplace(args, 'x', '@api.get is on a field; endpoints are instance methods: write `x() { … }`')
 */
export function misplace(args: readonly unknown[], member: string, message: string): void {
  metaOfCall(args)?.misplaced.push({ member, message })
}

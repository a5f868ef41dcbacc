/**
 * Errors fw makes for bad input and never shows the stack of (a `ConversionError`,
 * caught and answered as a 400; the `BadRequest` of failed params and the
 * dispatcher's routing errors — 404, 405, the 400 of an unusable target — which
 * the logger skips as every 4xx) are made without capturing one: on V8 (Node, Deno,
 * workerd) capturing the stack is most of an Error's cost, ~5 µs against ~0.5.
 * Their `stack` is then the `<Name>: <message>` line alone. On JSC (Bun) a
 * stack-less Error has no `stack` at all, and the capture costs ~0.1 µs: left as is.
 */

/** Is stack capture turned off by `Error.stackTraceLimit = 0` here, leaving a `stack` string? (checked once) */
function probe(): boolean {
  if (Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit')?.writable !== true) return false
  const limit = Error.stackTraceLimit
  try {
    Error.stackTraceLimit = 0
    return typeof new Error('probe').stack === 'string'
  } finally {
    Error.stackTraceLimit = limit
  }
}

const QUIET = probe()

/**
 * Turn stack capture off until `restore(token)`; call around `super(...)` of
 * an Error subclass or `new` of an Error (nothing may run between that could throw).
 */
export function quiet(): number | undefined {
  if (!QUIET) return undefined
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  return limit
}

/** Turn stack capture back on as it was before `quiet()`. */
export function restore(limit: number | undefined): void {
  if (limit !== undefined) Error.stackTraceLimit = limit
}

/**
 * Make an Error without capturing its stack (where that is cheaper; see above).
 *
 * @example
 * const error = stackless(() => new exceptions.BadRequest('bad page')) // error.stack === 'BadRequest: bad page' on V8
 */
export function stackless<T>(make: () => T): T {
  const limit = quiet()
  try {
    return make()
  } finally {
    restore(limit)
  }
}

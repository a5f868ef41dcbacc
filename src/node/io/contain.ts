/**
 * Containing the errors of a mounted Node app (docs/integration.md, mounted Node apps' errors).
 *
 * A Node handler's code also runs inside the events of its request and
 * response: `req.on('end', ...)`, `res.on('finish', ...)`, an `'error'` event
 * nobody listens to. Node emits several of these from `process.nextTick`, so
 * a throw there would be an uncaught exception and end the process. fw owns
 * these objects for the duration of the bridged call, so it routes every
 * throw out of their `emit` to the call's failure path (a 500 if nothing was
 * sent yet). Code the app schedules itself (`setTimeout`, a promise it does
 * not return) is outside this reach.
 */

/** The part of an EventEmitter `contain` wraps. */
interface Emitting {
  emit(event: string | symbol, ...args: unknown[]): boolean
}

/**
 * Make `emit` of `emitter` report a throwing listener (or an unheard
 * `'error'` event) to `fail` instead of throwing into Node's internals.
 * The wrapper is an own property: Express swaps the prototype of req/res.
 *
 * @example
 * contain(req, fail); contain(res, fail)
 */
export function contain(emitter: Emitting, fail: (error: unknown) => void): void {
  const emit = emitter.emit
  Object.defineProperty(emitter, 'emit', {
    configurable: true,
    writable: true,
    enumerable: false,
    value(this: Emitting, event: string | symbol, ...args: unknown[]): boolean {
      try {
        return Reflect.apply(emit, this, [event, ...args])
      } catch (error) {
        fail(error)
        return true
      }
    },
  })
}

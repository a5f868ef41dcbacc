/**
 * The one composer of fw's request path. Service plugins, class plugins,
 * hooks, the error boundary, the timeout and the endpoint's own steps are all
 * `Step`s of one shape, composed once (at build) into one `Handler`.
 */

/** What a request path answers: a `Response` at once, or a promise of one. */
export type Answer = Response | Promise<Response>

/** The composed steps from one point inwards: hand it the request's state, get the answer. */
export type Handler<State> = (state: State) => Answer

/**
 * One step around the rest: do something, call `next(state)` (or answer
 * without it, to short-circuit), and return the answer (or a replacement).
 * A step that has nothing to wait for returns a `Response`, not a promise.
 */
export type Step<State> = (state: State, next: Handler<State>) => Answer

/**
 * Compose `steps` (outermost first) around `end` into one handler, once.
 * Every `next` is a function made here, at build: a request allocates
 * nothing for the composition, and nothing waits unless a step does (a chain
 * of synchronous steps answers synchronously). With no steps, `end` itself
 * is the handler (the shortcut of an endpoint with nothing around it).
 *
 * @example
 * const handler = compose([logged, timed], (state) => new Response('ok'))
 * handler(state) // logged(state, (s) => timed(s, end))
 */
export function compose<State>(steps: readonly Step<State>[], end: Handler<State>): Handler<State> {
  let handler = end
  for (let index = steps.length - 1; index >= 0; index--)
    handler = around(steps[index] as Step<State>, handler)
  return handler
}

/** `step` with `next` bound: one named function per composed step. */
function around<State>(step: Step<State>, next: Handler<State>): Handler<State> {
  return function composedStep(state) {
    return step(state, next)
  }
}

/**
 * `use(answer)` when the answer is there: at once for a `Response`, after it
 * settles for a promise (one promise hop).
 *
 * @example
 * return whenAnswered(next(state), (response) => withHeader(response))
 */
export function whenAnswered(answer: Answer, use: (response: Response) => Answer): Answer {
  return answer instanceof Promise ? answer.then(use) : use(answer)
}

/**
 * `next(state)`, with what it throws or rejects with handed to `recover`:
 * synchronous when both are. `recover` may throw (or reject) to hand the
 * error on to an outer step.
 *
 * @example
 * const boundary: Step<State> = (state, next) => rescued(state, next, (error) => renderer.error(error))
 */
export function rescued<State>(
  state: State,
  next: Handler<State>,
  recover: (error: unknown, state: State) => Answer,
): Answer {
  let answer: Answer
  try {
    answer = next(state)
  } catch (error) {
    return recover(error, state)
  }
  return answer instanceof Promise
    ? answer.then(undefined, (error: unknown) => recover(error, state))
    : answer
}

/**
 * `rescued` as a step: bound to its `recover` once at build (`recover` itself a named function
 * bound to its state), it is an error step (pipeline/hook-steps.ts, pipeline/plugin-steps.ts).
 *
 * @example
 * const step: Step<Exchange> = (rescuedBy<Exchange>).bind(undefined, recoverWithHook.bind(undefined, hook))
 */
export function rescuedBy<State>(
  recover: (error: unknown, state: State) => Answer,
  state: State,
  next: Handler<State>,
): Answer {
  return rescued(state, next, recover)
}

/**
 * A step for declared asynchronous work (hooks, plugins): its chain always
 * answers with a promise, so whether an endpoint is synchronous is decided at
 * build, not by what one request did.
 */
export function alwaysPromised<State>(state: State, next: Handler<State>): Promise<Response> {
  return Promise.resolve(next(state))
}

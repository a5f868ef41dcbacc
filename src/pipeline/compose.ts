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
 * `next` comes first, so that composing binds it (`step.bind(undefined, next)`):
 * a request calls each step itself, through no function of the composer's.
 */
export type Step<State> = (next: Handler<State>, state: State) => Answer

/**
 * Compose `steps` (outermost first) around `end` into one handler, once.
 * Every `next` is bound here, at build (each step with the handler further in
 * as its first argument): a request allocates nothing for the composition,
 * runs no code of the composer's (a bound step is the step itself), and
 * nothing waits unless a step does (a chain of synchronous steps answers
 * synchronously). With no steps, `end` itself is the handler (the shortcut of
 * an endpoint with nothing around it).
 *
 * @example
 * const handler = compose([logged, timed], (state) => new Response('ok'))
 * handler(state) // logged((s) => timed(end, s), state)
 */
export function compose<State>(steps: readonly Step<State>[], end: Handler<State>): Handler<State> {
  let handler = end
  for (let index = steps.length - 1; index >= 0; index--)
    handler = (steps[index] as Step<State>).bind(undefined, handler)
  return handler
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
 * What an error is handed to (an error hook's or plugin's, bound at build): an answer, or a
 * throw (or rejection) that hands the error, or another, on outwards.
 */
export type Recover<State> = (error: unknown, state: State) => Answer

/**
 * `next(state)`, with what it throws or rejects with handed to `recover`:
 * synchronous when both are. `recover` may throw (or reject) to hand the
 * error on to an outer step.
 *
 * @example
 * const boundary: Step<State> = (next, state) => rescued(state, next, (error) => renderer.error(error))
 */
export function rescued<State>(
  state: State,
  next: Handler<State>,
  recover: Recover<State>,
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

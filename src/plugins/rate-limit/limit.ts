/**
 * `rateLimit` (SPEC §14 "Rate limits", docs/proxy-and-limits.md): a plugin that counts each
 * request under its key in a store and answers 429 past the limit, with `Retry-After` and the
 * IETF `RateLimit-Policy` / `RateLimit` headers (draft-ietf-httpapi-ratelimit-headers) on every
 * answer it governs.
 */
import { Plugin, type PluginAnswer } from '../../api/plugin'
import { ImproperlyConfigured, ServiceUnavailable, TooManyRequests } from '../../exceptions'
import { type RequestContext, withSetCookies } from '../../request/context'
import { durationMs } from '../../utils/duration'
import { isThenable } from '../../utils/thenable'
import { endpointLimit, hashed, type LimitDecorator, type LimitKey, MAX_KEY_LENGTH } from './keys'
import type { RateLimitOptions } from './options'
import {
  MemoryCounts,
  MemoryStore,
  type RateLimitStore,
  type WindowCount,
  windowEnd,
} from './stores'
import { RateLimitValues } from './values'

export type { RateLimitOptions } from './options'

/**
 * What an allowed request was told: the headers of every answer it governs, as a flat
 * `[name, value, …]` list (`context.responseHeaders`); a refusal is thrown.
 */
type Outcome = string[]

const NO_ADDRESS = 'no-address'
/** The params a service or class limit's key gets: none (parsed after plugins run). */
const NO_PARAMS: Readonly<Record<string, unknown>> = Object.freeze({})
/** One store failure logged per this many ms (a down store fails every request). */
const LOG_EVERY_MS = 10_000

const POLICY_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/

/**
 * A rate limit: use it on a service (`service.use(limiter)`), an API class
 * (`@api.plugin(limiter)`), or one endpoint with a key from its params (`limiter.check(...)`).
 *
 * @example
 * const limiter = rateLimit({ limit: 100, window: '1m' })
 * service.use(limiter)
 */
export class RateLimit extends Plugin {
  readonly limit: number
  readonly windowMs: number
  readonly algorithm: 'fixed' | 'sliding'
  readonly failOpen: boolean
  readonly name: string
  readonly store: RateLimitStore
  /** the store when it is a `MemoryStore`: counted by name and key, no `name:key` string per request */
  readonly #memory: MemoryCounts | undefined
  readonly #key: LimitKey
  /** the `RateLimit-Policy` header's value */
  readonly policy: string
  /** the `RateLimit` values, kept while they repeat */
  readonly #values: RateLimitValues
  /** its 429 and headers, in the OpenAPI document of the routes it covers (service or class) */
  override readonly answers: readonly PluginAnswer[]
  #loggedAt = Number.NEGATIVE_INFINITY

  constructor(options: RateLimitOptions) {
    super()
    const { limit } = options
    if (!Number.isInteger(limit) || limit < 1)
      throw new ImproperlyConfigured(`rateLimit: limit must be a positive integer (got ${limit})`)
    this.limit = limit
    this.windowMs = durationMs(options.window, 'rateLimit({ window })')
    this.algorithm = options.algorithm ?? 'fixed'
    if (this.algorithm !== 'fixed' && this.algorithm !== 'sliding')
      throw new ImproperlyConfigured(
        `rateLimit: algorithm is 'fixed' or 'sliding' (got ${JSON.stringify(options.algorithm)})`,
      )
    this.failOpen = options.failOpen ?? false
    this.name = options.name ?? 'default'
    if (!POLICY_NAME.test(this.name))
      throw new ImproperlyConfigured(
        `rateLimit: name ${JSON.stringify(this.name)} must be a token (letters, digits, _ . -)`,
      )
    this.store = options.store ?? MemoryStore()
    if (typeof this.store?.hit !== 'function')
      throw new ImproperlyConfigured(
        'rateLimit: store must be a rate-limit store (MemoryStore(), RedisStore(client))',
      )
    this.#memory = this.store instanceof MemoryCounts ? this.store : undefined
    this.#key = options.key ?? ((request) => request.ip ?? NO_ADDRESS)
    this.policy = `"${this.name}";q=${limit};w=${Math.ceil(this.windowMs / 1000)}`
    this.#values = new RateLimitValues(this.name, limit, Math.ceil(this.windowMs / 1000))
    const everyAnswerHeaders = {
      'RateLimit-Policy': `The limit: ${this.policy}`,
      RateLimit: `What is left: "${this.name}";r=<remaining>;t=<seconds to reset>`,
    }
    this.answers = [
      {
        status: 429,
        description: 'Too Many Requests: the limit is reached (`Retry-After` says when to retry)',
        error: TooManyRequests,
        by: `rateLimit(${this.name})`,
        everyAnswerHeaders,
      },
    ]
  }

  /**
   * Count the request under its key; past the limit, a 429 (its headers on every answer).
   * Synchronous while the key and the store are (a `MemoryStore`): no promise per request.
   */
  override processRequest(
    _request: Request,
    context: RequestContext,
  ): undefined | Promise<undefined> {
    if (this.#key.length > 1)
      throw new ImproperlyConfigured(
        `rateLimit(${this.name}): its key reads params, parsed after plugins run: put it on the endpoint (@limiter.endpoint), not on a service or class`,
      )
    const key = this.#key(context, NO_PARAMS)
    // the request's arrival (one `Date.now()` per request, the service's): counted as it came
    return isThenable(key)
      ? key.then((found) => this.#admit(context, found, context.arrived))
      : this.#admit(context, key, context.arrived)
  }

  /**
   * The limit's headers on an answer that does not carry them yet (a 404, a mount): those of an
   * endpoint's answer went on with its cookies (`withSetCookies`, the endpoint's error boundary).
   */
  override processResponse(response: Response, context: RequestContext): Response | undefined {
    return context.responseHeaders === undefined ? undefined : withSetCookies(context, response)
  }

  /**
   * This limit on the endpoint it decorates, counted once its params are parsed: the key gets
   * them, converted (`(request, { slug }) => slug`); the 429 is in its document.
   *
   * @example
   * const perArticle = rateLimit({ limit: 10, window: '1m', key: (request, { slug }) => String(slug) })
   * // @perArticle.endpoint above @api.post('{slug}/comments', …)
   */
  get endpoint(): LimitDecorator {
    return endpointLimit(this.name, this.#key, (context, key) => this.check(context, key))
  }

  /**
   * Count this request under `key` (one endpoint's limit, with a key from its parsed params):
   * throws the 429 past the limit; the headers go on the endpoint's answer.
   *
   * @example
   * const loginLimit = rateLimit({ limit: 5, window: '15m' })
   * // in the endpoint (or a before hook of it):
   * await loginLimit.check(this.request, `${this.request.ip}:${data.username}`)
   */
  async check(context: RequestContext, key: string): Promise<void> {
    const outcome = await this.#count(key, context, Date.now())
    if (outcome === undefined) return
    // first in the lists: the innermost limit's entries come first (see `#admitted`)
    const pending = (context.responseHeaders ??= [])
    pending.unshift(...outcome)
  }

  /** Count `key` for the request; keep its outcome for the answer's headers; past the limit, the 429 (thrown). */
  #admit(
    context: RequestContext,
    key: string | undefined,
    now: number,
  ): undefined | Promise<undefined> {
    if (key === undefined) return undefined
    const counted = this.#count(key, context, now)
    return isThenable(counted)
      ? counted.then((outcome) => this.#admitted(context, outcome))
      : this.#admitted(context, counted)
  }

  /**
   * The outcome's headers pending on the request (`context.responseHeaders`: set on its answer
   * with its cookies; several limits make one list per field, the innermost limit's entry
   * first: limits count outside in, so each goes in front).
   */
  #admitted(context: RequestContext, outcome: Outcome | undefined): undefined {
    if (outcome === undefined) return undefined
    const pending = context.responseHeaders
    if (pending === undefined) context.responseHeaders = outcome
    else pending.unshift(...outcome)
    return undefined
  }

  /**
   * The outcome of one hit of `key` at `now` (synchronous when the store answers at once);
   * undefined when the store failed and the limit fails open.
   */
  #count(
    key: string,
    context: RequestContext,
    now: number,
  ): Outcome | undefined | Promise<Outcome | undefined> {
    if (key.length > MAX_KEY_LENGTH)
      return hashed(key).then((digest) => this.#count(digest, context, now))
    const memory = this.#memory
    if (memory !== undefined) {
      const kept = memory.count(this.name, key, this.windowMs, this.algorithm, now)
      const resetMs = windowEnd(kept, this.windowMs, this.algorithm) - now
      return this.#outcome(kept.current, kept.previous, resetMs)
    }
    let counted: WindowCount | Promise<WindowCount>
    try {
      counted = this.store.hit(`${this.name}:${key}`, this.windowMs, this.algorithm, now, context)
    } catch (error) {
      return this.#failed(error)
    }
    if (isThenable(counted))
      return counted.then(
        (count) => this.#counted(count),
        (error: unknown) => this.#failed(error),
      )
    return this.#counted(counted)
  }

  /** What a store's answer means (see `#outcome`; a store's own verdict: `#verdict`). */
  #counted(counted: WindowCount): Outcome {
    const resetMs = Math.max(0, counted.resetMs)
    if (counted.allowed !== undefined) return this.#verdict(counted.allowed, resetMs)
    return this.#outcome(counted.current, counted.previous, resetMs)
  }

  /** A store that failed: pass uncounted (fail open) or the 503 (fail closed); said in the log. */
  #failed(error: unknown): undefined {
    this.#log(error)
    if (this.failOpen) return undefined
    throw new ServiceUnavailable('rate limit store unavailable', {
      headers: { 'retry-after': '1' },
    })
  }

  /**
   * What a count means: allowed, the headers saying so (per request only the list is built: the
   * policy's entry is the limit's own, a `RateLimit` value is kept while it repeats);
   * past the limit, the 429 is thrown with them and `Retry-After`.
   */
  #outcome(current: number, previous: number, resetMs: number): Outcome {
    const used =
      this.algorithm === 'sliding' ? current + previous * (resetMs / this.windowMs) : current
    const allowed = used <= this.limit
    const remaining = Math.max(0, Math.floor(this.limit - used))
    const seconds = Math.max(allowed ? 0 : 1, Math.ceil(resetMs / 1000))
    const outcome: Outcome = [
      'ratelimit-policy',
      this.policy,
      'ratelimit',
      this.#values.value(remaining, seconds),
    ]
    if (allowed) return outcome
    outcome.push('retry-after', String(seconds))
    throw this.#refusal(outcome)
  }

  /** A store's own verdict (the Workers binding): the policy, and `Retry-After` with the 429 when refused; no `RateLimit` (what is left is the binding's to know). */
  #verdict(allowed: boolean, resetMs: number): Outcome {
    if (allowed) return ['ratelimit-policy', this.policy]
    const seconds = String(Math.max(1, Math.ceil(resetMs / 1000)))
    throw this.#refusal(['ratelimit-policy', this.policy, 'retry-after', seconds])
  }

  /** The 429 with the outcome's headers. */
  #refusal(outcome: Outcome): TooManyRequests {
    const headers: Record<string, string> = {}
    for (let index = 0; index + 1 < outcome.length; index += 2)
      headers[outcome[index] as string] = outcome[index + 1] as string
    return new TooManyRequests(`rate limit exceeded: ${this.limit} per ${this.windowMs} ms`, {
      headers,
    })
  }

  /** Say the store failed, at most once per LOG_EVERY_MS. */
  #log(error: unknown): void {
    const now = Date.now()
    if (now - this.#loggedAt < LOG_EVERY_MS) return
    this.#loggedAt = now
    const message = error instanceof Error ? error.message : String(error)
    console.error(
      `fw rateLimit(${this.name}): the store failed (${message}); failing ${this.failOpen ? 'open: requests pass uncounted' : 'closed: requests answer 503'}`,
    )
  }
}

/**
 * A rate limit of `limit` requests per `window` and key (default key: the client address,
 * `request.ip`).
 *
 * @example
 * service.use(rateLimit({ limit: 100, window: '1m' }))
 */
export function rateLimit(options: RateLimitOptions): RateLimit {
  return new RateLimit(options)
}

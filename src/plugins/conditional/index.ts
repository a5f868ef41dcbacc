/**
 * `fw-api/plugins/conditional` (SPEC §14, docs/production.md "Conditional
 * requests"): ETags on GET/HEAD answers, `If-None-Match` / `If-Modified-Since`
 * → 304, `If-Match` / `If-Unmodified-Since` → 412 (before a write runs, with
 * `current`), per RFC 9110 §13.
 */
import { Plugin, type PluginAnswer, type PluginResult } from '../../api/plugin'
import { ImproperlyConfigured, PreconditionFailed } from '../../exceptions'
import type { RequestContext } from '../../request/context'
import { readStart, joinedBytes, resumed } from '../body-start'
import { bodySource } from '../../utils/body-source'
import { utf8Length } from '../../utils/bytes'
import { isThenable } from '../../utils/thenable'
import { mutable } from '../headers'
import { bytesTag, nativeSha1 } from './etag'
import {
  conditionalRequest,
  entityTag,
  evaluate,
  seconds,
  type Outcome,
  type Validators,
} from './preconditions'

export { MAX_TAGS, entityTag, evaluate, type Outcome, type Validators } from './preconditions'

/** What `current` says of a resource: its validators, `null` (none exists) or `undefined` (not known here). */
export type CurrentValidators = Validators | null | undefined

/**
 * Options of `conditional()`.
 *
 * @example
 * service.use(conditional({ maxBytes: 256 * 1024 }))
 */
export interface ConditionalOptions {
  /**
   * A GET/HEAD answer without its own `ETag` gets one from its bytes (SHA-1)
   * when it is at most this long (default 1 MiB); a longer one, or a live
   * stream, gets none (it is never buffered whole).
   */
  maxBytes?: number
  /**
   * The current validators of the resource a request addresses — `null`: it
   * does not exist; `undefined`: not known here (the answer decides) — asked
   * before the method runs when the request carries a precondition: a failed
   * `If-Match` / `If-Unmodified-Since` (or `If-None-Match` on a write) answers
   * 412, a fresh GET/HEAD cache 304, and the method never runs.
   */
  current?: (request: RequestContext) => CurrentValidators | Promise<CurrentValidators>
}

/** Headers that describe a representation's body: a 304 sends none of them (RFC 9110 §15.4.5). */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-range',
  'transfer-encoding',
]

const FAILED = 'a precondition of the request failed (If-Match / If-Unmodified-Since)'

/**
 * The 304 of `response` (a mutable one, given up for it): no body, its validators, caching and
 * other headers kept — its own headers, less those of the body, handed on (no copy made here:
 * a light response's stay light, a Web one's are copied by the new `Response`).
 */
function notModified(response: Response): Response {
  const headers = response.headers
  // only those it has: a light response's fields stay an object V8 reads fast
  for (const name of BODY_HEADERS) if (headers.has(name)) headers.delete(name)
  return new Response(null, { status: 304, headers })
}

/**
 * Throw `PreconditionFailed` (412) when the request's preconditions fail
 * against `current` (the resource's validators; `null` or `undefined`: it
 * does not exist) — for a before hook or a handler that loads the resource itself
 * (optimistic concurrency, docs/production.md). Returns the outcome otherwise:
 * `304` for a GET/HEAD whose cached copy is fresh, else `'proceed'`.
 *
 * @throws PreconditionFailed when `If-Match` / `If-Unmodified-Since` (or `If-None-Match` on a write) fails
 * @example
 * @api.before('update')
 * async load({ slug }: { slug: string }) {
 *   this.article = await Article.get({ slug })
 *   checkPreconditions(this.request, { lastModified: this.article.updatedAt })
 * }
 */
export function checkPreconditions(
  request: RequestContext,
  current: Validators | null | undefined,
): Outcome {
  const outcome = evaluate(request.headers, request.method, current ?? undefined)
  if (outcome === 412) throw new PreconditionFailed(FAILED)
  return outcome
}

/**
 * The conditional-requests plugin (`conditional(options)` makes one). On a
 * GET/HEAD 200 it keeps the handler's `ETag` / `Last-Modified` (set with
 * `this.respond(value, { headers })` or on a `Response`) or adds a strong
 * ETag from the bytes, then answers 304 when `If-None-Match` /
 * `If-Modified-Since` says the client's copy is fresh, and 412 when
 * `If-Match` / `If-Unmodified-Since` fails. With `current` it decides
 * before the method runs, for writes too. Its 304 and 412 are in the
 * OpenAPI document of the routes it covers.
 *
 * @throws ImproperlyConfigured for a `maxBytes` that is not a whole number of bytes
 * @example
 * service.use(new Conditional())
 */
export class Conditional extends Plugin {
  /** the longest body given an ETag from its bytes */
  readonly maxBytes: number
  readonly #current: ConditionalOptions['current']
  /** the runtime's synchronous SHA-1, found once (undefined: Web Crypto's) */
  readonly #sha1 = nativeSha1()
  /** the 304 (GET/HEAD) and 412 (writes, with `current`) it answers, for the OpenAPI document */
  override readonly answers: readonly PluginAnswer[]

  constructor(options: ConditionalOptions = {}) {
    super()
    const maxBytes = options.maxBytes ?? 1024 * 1024
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
      throw new ImproperlyConfigured(
        `conditional: maxBytes must be a whole number of bytes, not ${String(maxBytes)}`,
      )
    this.maxBytes = maxBytes
    this.#current = options.current
    const validators = {
      etag: 'The representation’s entity-tag',
      'last-modified': 'When the representation last changed (when known)',
    }
    this.answers = [
      {
        status: 304,
        methods: ['GET'],
        description:
          'Not Modified: the `If-None-Match` / `If-Modified-Since` validators match (no body)',
        headers: validators,
        empty: true,
        by: 'fw-api/plugins/conditional',
      },
      {
        status: 412,
        methods: options.current ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET'],
        description:
          'Precondition Failed: `If-Match` / `If-Unmodified-Since` (or `If-None-Match` on a write) failed',
        by: 'fw-api/plugins/conditional',
      },
    ]
  }

  override processRequest(_request: Request, context: RequestContext): PluginResult {
    const current = this.#current
    if (!current || !conditionalRequest(context.headers)) return undefined
    return this.#before(context, current)
  }

  /** With `current`: 412 or 304 before the method runs. */
  async #before(
    context: RequestContext,
    current: NonNullable<ConditionalOptions['current']>,
  ): Promise<Response | undefined> {
    const validators = await current(context)
    if (validators === undefined || checkPreconditions(context, validators) !== 304)
      return undefined
    const headers = new Headers()
    const etag = validators?.etag === undefined ? undefined : entityTag(validators.etag)
    if (etag) headers.set('etag', etag)
    const modified = seconds(validators?.lastModified)
    if (modified !== undefined)
      headers.set('last-modified', new Date(modified * 1000).toUTCString())
    return new Response(null, { status: 304, headers })
  }

  override processResponse(response: Response, context: RequestContext): PluginResult {
    const method = context.method
    if (response.status !== 200 || (method !== 'GET' && method !== 'HEAD')) return undefined
    const etag = response.headers.get('etag')
    const out = mutable(response)
    if (etag !== null) {
      const sent = entityTag(etag)
      if (sent === undefined) return undefined // not an entity-tag: left as it is, never compared
      if (sent !== etag) out.headers.set('etag', sent)
      return this.#answer(out, context, sent)
    }
    const source = bodySource(out)
    if (source !== undefined && source !== null && this.#short(source))
      return this.#taggedSource(out, source, context)
    const body = out.body
    const declared = out.headers.get('content-length')
    if (
      body === null ||
      out.headers.get('content-type')?.startsWith('text/event-stream') ||
      (declared !== null && Number(declared) > this.maxBytes)
    )
      return this.#answer(out, context, undefined)
    return this.#tagged(out, body, context)
  }

  /**
   * Whether a body given as `source` is at most `maxBytes` long (a string's UTF-8 length is between
   * its length and three times it; in between, counted).
   */
  #short(source: string | Uint8Array): boolean {
    if (typeof source !== 'string') return source.byteLength <= this.maxBytes
    if (source.length > this.maxBytes) return false
    return source.length * 3 <= this.maxBytes || utf8Length(source) <= this.maxBytes
  }

  /**
   * A body the response holds as given (`bodySource`: fw's light responses on its Node server):
   * hashed as it is — a string as its UTF-8, no stream made, no bytes copied, no promise where
   * the runtime hashes at once — then the same response with its ETag, or its 304.
   */
  #taggedSource(
    response: Response,
    source: string | Uint8Array,
    context: RequestContext,
  ): Response | Promise<Response> {
    const tagged = bytesTag(source, this.#sha1)
    return isThenable(tagged)
      ? tagged.then((etag) => this.#withTag(response, context, etag))
      : this.#withTag(response, context, tagged)
  }

  /** `response` (its body unread) with `etag`, or its 304; a failed precondition throws the 412. */
  #withTag(response: Response, context: RequestContext, etag: string): Response {
    response.headers.set('etag', etag)
    return this.#outcome(response.headers, context, etag) === 304 ? notModified(response) : response
  }

  /**
   * A body read whole when it is short and all there: its strong ETag, then the answer — a 304
   * made from the headers alone (no body built again), or the bytes read with the tag; a longer
   * or live body as it is.
   */
  async #tagged(
    response: Response,
    body: ReadableStream<Uint8Array<ArrayBuffer>>,
    context: RequestContext,
  ): Promise<Response> {
    const start = await readStart(body, this.maxBytes)
    if (!start.complete || start.size > this.maxBytes)
      return this.#answer(new Response(resumed(start), response), context, undefined)
    const bytes = joinedBytes(start)
    const tagged = bytesTag(bytes, this.#sha1)
    const etag = isThenable(tagged) ? await tagged : tagged
    if (this.#outcome(response.headers, context, etag) === 304) {
      response.headers.set('etag', etag)
      return notModified(response)
    }
    const out = new Response(bytes, response)
    out.headers.set('etag', etag)
    return out
  }

  /** The answer for the request's preconditions: 304, 412 (thrown: rendered as the route's error), or `response`. */
  #answer(response: Response, context: RequestContext, etag: string | undefined): Response {
    let outcome: Outcome
    try {
      outcome = this.#outcome(response.headers, context, etag)
    } catch (error) {
      response.body?.cancel().catch(() => {})
      throw error
    }
    if (outcome !== 304) return response
    response.body?.cancel().catch(() => {})
    return notModified(response)
  }

  /** What the request's preconditions say of an answer with `headers` and `etag` (412: thrown). */
  #outcome(headers: Headers, context: RequestContext, etag: string | undefined): Outcome {
    if (!conditionalRequest(context.headers)) return 'proceed'
    const lastModified = headers.get('last-modified') ?? undefined
    return checkPreconditions(context, { etag, lastModified })
  }
}

/**
 * Conditional requests (SPEC §14, RFC 9110 §13): ETags on GET/HEAD answers
 * (the handler's own, or strong from the bytes), `If-None-Match` /
 * `If-Modified-Since` → 304 without a body, `If-Match` / `If-Unmodified-Since`
 * → 412 — before the method runs when `current` gives the resource's validators.
 *
 * @throws ImproperlyConfigured for a bad `maxBytes`
 * @example
 * import { conditional } from 'fw-api/plugins/conditional'
 * service.use(conditional())
 */
export function conditional(options: ConditionalOptions = {}): Conditional {
  return new Conditional(options)
}

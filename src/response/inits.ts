/**
 * The shared `ResponseInit`s of a service's answers without extra headers: a
 * Response copies its init's headers, never keeps or changes them, so one
 * frozen init per status and type serves every such answer.
 */
import { CONTENT_TYPE } from '../utils/http'

/** The content types fw writes its own answers with. */
export const JSON_TYPE = 'application/json'
export const PROBLEM_TYPE = 'application/problem+json'

/**
 * One service's table of shared inits, made on first use per status and type.
 * Bounded: the statuses are those the code returns (checked to be 200–599) or
 * its errors carry, the types fw's two. `headersObject` (Bun, serve/traits.ts):
 * the headers as a `Headers`, which Bun copies fastest; else a plain object.
 *
 * @example
 * const inits = new ResponseInits(false)
 * new Response('{}', inits.ok) // 200, application/json
 */
export class ResponseInits {
  /** the common answer: 200, JSON */
  declare readonly ok: ResponseInit
  readonly #headersObject: boolean
  readonly #byType = new Map<string, Map<number, ResponseInit>>()

  constructor(headersObject: boolean) {
    this.#headersObject = headersObject
    this.ok = this.of(200, JSON_TYPE)
  }

  /** The shared init of `status` with content type `type`. */
  of(status: number, type: string): ResponseInit {
    let byStatus = this.#byType.get(type)
    if (byStatus === undefined) this.#byType.set(type, (byStatus = new Map()))
    let init = byStatus.get(status)
    if (init === undefined) {
      const fields = { [CONTENT_TYPE]: type }
      const headers = this.#headersObject ? new Headers(fields) : Object.freeze(fields)
      byStatus.set(status, (init = Object.freeze({ status, headers })))
    }
    return init
  }
}

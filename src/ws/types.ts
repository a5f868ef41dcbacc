/**
 * The types of a socket: what it yields and takes (from its schemas), what it knows of its upgrade
 * request, how it ended, and what fw compiles for its endpoint (./socket.ts uses them).
 */
import type { RequestContext } from '../request/context'
import type { Stringify } from '../response/render'
import type { Checker } from '../schema/parse'
import type { StandardSchemaV1 } from '../types'
import type { TopicHub } from './hub'
import type { SocketLimits } from './options'

/** The messages a socket yields: the `receive` schema's output (`unknown` without one). */
export type Received<In> = In extends StandardSchemaV1<unknown, infer Output> ? Output : unknown
/** What `send` and `publish` take: the `send` schema's input (`unknown` without one). */
export type Sent<Out> = Out extends StandardSchemaV1<infer Input, unknown> ? Input : unknown

/** The part of a crossws peer a socket uses. */
export interface PeerLike {
  send(data: string): unknown
  close(code?: number, reason?: string): void
  readonly bufferedAmount: number
}

/** How a socket endpoint's connections behave, compiled once per endpoint (./accept.ts). */
export interface SocketPlan {
  /** `Class.method()`, for error messages */
  label: string
  /** the `receive` schema's convert-then-check (any Standard Schema library) */
  receive: Checker | undefined
  /** the `send` schema's checker, in `debug` only */
  send: Checker | undefined
  stringify: Stringify
  limits: Readonly<Required<SocketLimits>>
  /** JSON nesting allowed in a message (the service's `limits.depth`) */
  depth: number
  hub: TopicHub
  onError(error: unknown): void
}

/** How a connection ended: the close code and reason (RFC 6455). */
export interface CloseInfo {
  code: number
  reason: string
}

/**
 * What a socket knows of its upgrade request.
 *
 * @example
 * const { params, context } = socket.request
 */
export interface SocketRequest<P> {
  url: string
  headers: Headers
  /** the endpoint's params as the method got them (path, query, header, cookie, auth user) */
  params: P
  /** the value of the endpoint's auth param (`auth.User`'s row), `undefined` without one */
  user: unknown
  /** the subprotocol chosen from the endpoint's `protocols`, `undefined` when none was offered */
  protocol: string | undefined
  /** the upgrade request's context (`state`, `env`, cookies …), as `this.request` had it */
  context: RequestContext
}

/**
 * The client's types, computed from a type-only import of the API classes:
 * sub-APIs (static fields holding an API class or `api.mount(...)`) become
 * nested objects, endpoint methods become calls taking the method's input and
 * resolving to its awaited result's wire type (docs/openapi.md, "The typed client").
 */
import type { StandardSchemaV1 } from '../types'
import type { ClientSocket, ConnectOptions } from './socket'

/**
 * Anything shaped like an API class (type level only: the client imports no server code).
 *
 * @example
 * const client = createClient<typeof RootAPI>({ baseURL, document }) // RootAPI: an APIClassLike
 */
export type APIClassLike = abstract new (...args: never[]) => { respond(...args: never[]): unknown }

/**
 * Options of one call.
 *
 * @example
 * await client.users.get({ id: 1 }, { headers: { authorization: token }, signal } satisfies CallInit)
 */
export interface CallInit {
  /** extra headers for this request */
  headers?: HeadersInit
  signal?: AbortSignal
  /** the largest answer body read for this call, in bytes (default: the client's `maxBytes`) */
  maxBytes?: number
}

/**
 * The whole answer of a call (`client.x.y.raw(input)`): the result (envelope
 * unwrapped), the envelope's `count` and `state` (`null` unless the endpoint
 * set them; `undefined` when its template has no such key), the status and
 * the headers.
 *
 * @example
 * const { result, count } = await client.notes.list.raw({ limit: 10 })
 */
export interface RawResult<T> {
  result: T
  count: number | null | undefined
  state: unknown
  status: number
  headers: Headers
}

/** A call, and its `.raw` form resolving to the whole answer. */
type Endpoint<Args extends unknown[], R> = ((...args: Args) => Promise<R>) & {
  readonly raw: (...args: Args) => Promise<RawResult<R>>
}

type Reserved = 'request' | 'respond' | 'constructor'
type AnyMethod = (...args: never[]) => unknown

/** Endpoint (method) names of an API instance. */
type MethodKeys<I> = {
  [K in keyof I]: K extends string
    ? K extends Reserved
      ? never
      : I[K] extends AnyMethod
        ? K
        : never
    : never
}[keyof I]

/** Common params (fields) of an API instance, passed by field name in a call's input. */
type FieldKeys<I> = {
  [K in keyof I]: K extends string
    ? K extends Reserved
      ? never
      : I[K] extends AnyMethod
        ? never
        : K
    : never
}[keyof I]

/** Values JSON carries as they are. */
type Plain = string | number | boolean | null | undefined

/**
 * What a call resolves to for a method's result, at any depth: a
 * `this.respond(value)` is `value`'s wire type, a `response.sse(...)` the
 * event stream's bytes, any other `Response` is opaque (`unknown`), a
 * `Blob`/`File` a `Blob`, a `Date` (or anything with `toJSON()`) what it
 * serialises to; arrays, tuples, records, objects and unions are mapped
 * member by member; functions are dropped as JSON drops them.
 *
 * @example
 * type When = Wire<{ at: Date; tags: Date[] }> // { at: string; tags: string[] }
 */
export type Wire<R> = R extends Plain
  ? R
  : R extends Response
    ? R extends { readonly '~result'?: () => infer T }
      ? unknown extends T
        ? unknown
        : Wire<T>
      : R extends { readonly '~events'?: true }
        ? ReadableStream<Uint8Array>
        : unknown
    : R extends Blob
      ? Blob
      : R extends { toJSON(): infer J }
        ? Wire<J>
        : R extends (...args: never[]) => unknown
          ? never
          : { [K in keyof R]: Wire<R[K]> }

/** What a call may send for a value the method receives: any Blob for a file, a Date or its text, at any depth. */
type Arg<V> = V extends Plain
  ? V
  : V extends Blob
    ? Blob
    : V extends Date
      ? Date | string
      : { [K in keyof V]: Arg<V[K]> }

/** Keys whose value may be `undefined` become optional (a hand-written `{ tag: string | undefined }`). */
type Loose<P> = undefined extends P[keyof P]
  ? { [K in keyof P as undefined extends P[K] ? never : K]: Arg<P[K]> } & {
      [K in keyof P as undefined extends P[K] ? K : never]?: Arg<P[K]>
    }
  : { [K in keyof P]: Arg<P[K]> }

/**
 * The input of a call: the wire input where the method is typed with
 * `api.Args` (the schemas' input types, optional and defaulted params
 * optional), else the method's own parameter type (files as Blobs, dates as
 * `Date` or text); plus the class's common params.
 *
 * @example
 * await client.calc.add({ a: 1, b: 2 }) // the input: the endpoint's params by name
 */
export type CallInput<P, Common> = (P extends { readonly '~wire'?: infer W }
  ? '~wire' extends keyof P
    ? Arg<NonNullable<W>>
    : Loose<P>
  : Loose<P>) &
  Common

/**
 * A socket endpoint (`@ws.socket`) in the client: `connect(input, options?)` resolves to an open
 * `ClientSocket` reading the `send` schema's messages as JSON carries them and sending the
 * `receive` schema's input.
 *
 * @example
 * const socket = await client.chat.room.connect({ room: 'lobby' }) // SocketEndpoint's connect
 */
export interface SocketEndpoint<Args extends unknown[], Receives, Sends> {
  readonly connect: (
    ...args: [...Args, options?: ConnectOptions]
  ) => Promise<ClientSocket<Receives, Sends>>
}

/** What a schema takes (its input type), `unknown` without one. */
type InputOf<S> = S extends StandardSchemaV1<infer I, unknown> ? I : unknown

/** The client's view of a socket method `(socket: ws.Socket<In, Out>, params) => …`. */
type SocketCall<In, Out, P, Common> = SocketEndpoint<
  unknown extends P
    ? [input?: Common]
    : {} extends CallInput<P, Common>
      ? [input?: CallInput<P, Common>]
      : [input: CallInput<P, Common>],
  unknown extends InputOf<Out> ? unknown : Wire<InputOf<Out>>,
  unknown extends InputOf<In> ? unknown : Arg<InputOf<In>>
>

type Call<F, Common> = F extends (socket: infer S, params: infer P) => unknown
  ? S extends { readonly '~types': { readonly receive: infer In; readonly send: infer Out } }
    ? SocketCall<In, Out, P, Common>
    : HttpCall<F, Common>
  : HttpCall<F, Common>

type HttpCall<F, Common> = F extends (input: infer P) => infer R
  ? unknown extends P
    ? Endpoint<[input?: Common, init?: CallInit], Wire<Awaited<R>>>
    : {} extends CallInput<P, Common>
      ? Endpoint<[input?: CallInput<P, Common>, init?: CallInit], Wire<Awaited<R>>>
      : Endpoint<[input: CallInput<P, Common>, init?: CallInit], Wire<Awaited<R>>>
  : never

type Mounted<V> = V extends APIClassLike
  ? V
  : V extends { readonly api: infer A extends APIClassLike; readonly route: string }
    ? A
    : never

type SubKeys<C> = {
  [K in keyof C]: K extends 'prototype' ? never : [Mounted<C[K]>] extends [never] ? never : K
}[keyof C]

type Endpoints<I> = { readonly [K in MethodKeys<I>]: Call<I[K], Partial<Pick<I, FieldKeys<I>>>> }

/**
 * The typed client of an API class.
 *
 * @example
 * type C = Client<typeof RootAPI>
 * // C['article']['getArticle']: (input: { slug: string }) => Promise<string>
 */
export type Client<C> = (C extends abstract new (
  ...args: never[]
) => infer I
  ? Endpoints<I>
  : {}) & { readonly [K in SubKeys<C>]: Client<Mounted<C[K]>> }

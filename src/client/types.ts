/**
 * The client's types, computed from a type-only import of the API classes:
 * sub-APIs (static fields holding an API class or `api.mount(...)`) become
 * nested objects, endpoint methods become calls taking the method's input and
 * resolving to its awaited result. Kept shallow (no deep mapping) so a large
 * API type-checks fast.
 */

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
}

type Reserved = 'request' | 'respond' | 'constructor'
type AnyMethod = (...args: never[]) => unknown

/** Endpoint (method) names of an API instance. */
type MethodKeys<I> = { [K in keyof I]: K extends string ? (K extends Reserved ? never : I[K] extends AnyMethod ? K : never) : never }[keyof I]

/** Common params (fields) of an API instance, passed by field name in a call's input. */
type FieldKeys<I> = { [K in keyof I]: K extends string ? (K extends Reserved ? never : I[K] extends AnyMethod ? never : K) : never }[keyof I]

/**
 * What a JSON body gives back for a result: a `Response` is opaque, a `Date` travels as text.
 *
 * @example
 * type When = Wire<Date> // string: a Date travels as text
 */
export type Wire<R> = R extends Response ? unknown : R extends Date ? string : R

/** What a call may send for a value the method receives: any Blob for a file, a Date or its text (two levels deep). */
type Arg<V, Deep extends boolean = true> = V extends Blob
  ? Blob
  : V extends Date
    ? Date | string
    : V extends readonly (infer E)[]
      ? E extends Blob ? Blob[] : V
      : Deep extends true
        ? V extends object ? { [K in keyof V]: Arg<V[K], false> } : V
        : V

/**
 * The input of a call: the method's input with files as Blobs, plus the class's common params.
 *
 * @example
 * await client.calc.add({ a: 1, b: 2 }) // the input: the endpoint's params by name
 */
export type CallInput<P, Common> = { [K in keyof P]: Arg<P[K]> } & Common

type Call<F, Common> = F extends (input: infer P) => infer R
  ? unknown extends P
    ? (input?: Common, init?: CallInit) => Promise<Wire<Awaited<R>>>
    : (input: CallInput<P, Common>, init?: CallInit) => Promise<Wire<Awaited<R>>>
  : never

type Mounted<V> = V extends APIClassLike ? V : V extends { readonly api: infer A extends APIClassLike; readonly route: string } ? A : never

type SubKeys<C> = { [K in keyof C]: K extends 'prototype' ? never : [Mounted<C[K]>] extends [never] ? never : K }[keyof C]

type Endpoints<I> = { readonly [K in MethodKeys<I>]: Call<I[K], Partial<Pick<I, FieldKeys<I>>>> }

/**
 * The typed client of an API class.
 *
 * @example
 * type C = Client<typeof RootAPI>
 * // C['article']['getArticle']: (input: { slug: string }) => Promise<string>
 */
export type Client<C> = (C extends abstract new (...args: never[]) => infer I ? Endpoints<I> : {}) & { readonly [K in SubKeys<C>]: Client<Mounted<C[K]>> }

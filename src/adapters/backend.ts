/**
 * The shape every framework fw knows is described by: one `Backend` per
 * framework (in its own file), one list (`backends.ts`).
 */
import type { NestSettings } from '../conf/nest'
import type { Started, Where } from '../serve/types'
import type { FetchHandler } from '../types'
import type { AttachOptions, MountOptions } from './options'

/**
 * What fw does with one kind of backend.
 *
 * @example
 * export const honoBackend = backend<HonoLike>({ name: 'hono', is: isHonoLike, attach: attachHono })
 */
export interface Backend<T> {
  /** for messages */
  readonly name: string
  /** recognise it by shape (frameworks are never imported) */
  is(value: unknown): value is T
  /** a module or class given as backend → its app (`Hono` → `new Hono()`); Nest's is asynchronous */
  create?(value: T, settings: NestSettings | undefined): unknown
  /** put fw (`fetch`, under `route`) into it; returns the entry the user needs (see `attach()`) */
  attach(value: T, fetch: FetchHandler, route: string, options: AttachOptions): unknown
  /** listen (`service.run()`); without it, an app with `fetch` is served by the runtime's server */
  run?(app: T, fetch: FetchHandler, where: Where): Promise<Started>
  /** a fetch handler answering through it (`service.mount(app, route)`) */
  mount?(app: T, options: MountOptions, mountAny: (target: unknown) => FetchHandler): FetchHandler
}

/** A backend of any kind, as the list holds it: `is` guards the rest. */
export type AnyBackend = Backend<unknown>

/**
 * Declare a backend: typed by its own app type, listed as `AnyBackend`
 * (its `is` guard makes every other member's argument that type).
 *
 * @example
 * export const honoBackend = backend<HonoLike>({ name: 'hono', is: isHonoLike, attach: attachHono })
 */
export function backend<T>(spec: Backend<T>): AnyBackend {
  return spec as unknown as AnyBackend
}

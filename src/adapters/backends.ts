/**
 * Every backend fw knows, in the order they are recognised (Elysia and Hono
 * apps both have `fetch` and `all`; Express apps are functions with `use`
 * and `handle`; a Nest application is asked before its platform).
 */
import type { AnyBackend } from './backend'
import { elysiaBackend } from './elysia'
import { expressBackend, expressModuleBackend } from './express'
import { fastifyBackend } from './fastify'
import { honoBackend, honoClassBackend } from './hono'
import { koaBackend } from './koa'
import { nestAppBackend, nestCoreBackend } from './nest'
import { nodeHttpBackend } from './node-http'

/** The list. */
export const backends: readonly AnyBackend[] = [
  nestAppBackend,
  nestCoreBackend,
  elysiaBackend,
  honoBackend,
  honoClassBackend,
  expressBackend,
  expressModuleBackend,
  fastifyBackend,
  koaBackend,
  nodeHttpBackend,
]

/**
 * The backend `value` is, if fw knows it.
 *
 * @example
 * backendOf(express())?.name // 'express'
 */
export function backendOf(value: unknown): AnyBackend | undefined {
  return backends.find((backend) => backend.is(value))
}

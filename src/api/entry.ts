/**
 * What `adapt()`, `API.__as__()` and `application()` give, by backend kind
 * (docs/integration.md, docs/nest.md), so embedding type-checks in strict projects:
 * `app.use(X.__as__(express, '/v0'))`, `app.route('/', service.adapt('/v2'))`.
 * Framework types are read from the backend's own type, never imported.
 */

type Fn = (...args: never[]) => unknown

/** The `Hono` class (module style). */
type HonoClassShape = abstract new (...args: never[]) => { route: Fn; basePath: Fn; fetch: Fn }
/** The `express` module: a factory with `Router`. */
type ExpressModuleShape = { (): unknown; Router: Fn }
/** The `node:http` module. */
type NodeHttpModuleShape = { createServer: Fn; STATUS_CODES: object }
/** `@nestjs/core` as a module. */
type NestCoreShape = { NestFactory: { create: Fn } }

/** The request a Node listener receives (`http.IncomingMessage` fits). */
export interface NodeIncomingLike {
  method?: string
  url?: string
  headers: Record<string, string | string[] | undefined>
}
/** The response a Node listener writes (`http.ServerResponse` fits). */
export interface NodeOutgoingLike {
  statusCode: number
  setHeader(name: string, value: string | number | readonly string[]): unknown
  end(): unknown
}
/** A `node:http` request listener, for `http.createServer(listener)`. */
export type NodeRequestListener = (req: NodeIncomingLike, res: NodeOutgoingLike) => void

/**
 * The route entry `adapt(route)` / `API.__as__(backend, route)` returns:
 * a sub-app for the `Hono` class, a `Router` for the `express` module, a
 * request listener for `node:http`; an app given as backend (Hono, Express,
 * Fastify, Koa, Elysia, INestApplication) is returned as is.
 */
export type EntryOf<B> = B extends HonoClassShape
  ? InstanceType<B>
  : B extends ExpressModuleShape
    ? ReturnType<B['Router']>
    : B extends NodeHttpModuleShape
      ? NodeRequestListener
      : B extends NestCoreShape
        ? never // adapt() needs the INestApplication: use setup() + application()
        : B

/** What `application()` returns: the app created from a module or class, or the app given. */
export type AppOf<B> = B extends HonoClassShape
  ? InstanceType<B>
  : B extends ExpressModuleShape
    ? ReturnType<B>
    : B extends NestCoreShape
      ? Awaited<ReturnType<B['NestFactory']['create']>>
      : B

/** Whether `setup()` is asynchronous for this backend (NestJS: `NestFactory.create`). */
export type IsAsyncSetup<B> = B extends NestCoreShape ? true : false

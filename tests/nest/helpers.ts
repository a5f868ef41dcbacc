/**
 * Shared by the Nest tests: the TypeScript-compiled fixture, the two
 * platforms, and the cases every Nest-hosted fw answers over real HTTP.
 */
import { expect } from 'vitest'
import { call } from '../adapters/helpers'
import { compileFixture } from './compile'

/** The fixture's exports (see fixture/app.module.ts). */
export interface Fixture {
  AppModule: new () => object
  UsersModule: new () => object
  /** a module whose first `WarmUp.failures` starts throw in `onModuleInit` */
  WarmModule: new () => object
  WarmUp: { failures: number; starts: number }
}

/** Compile with tsc into tests/.tmp/nest/<name>, check it compiled cleanly with decorator metadata, import it. */
export async function loadFixture(name: string): Promise<Fixture> {
  const { diagnostics, url, js } = compileFixture(name)
  expect(diagnostics).toEqual([])
  // TypeScript's legacy decorator emit with metadata (what Nest's injector reads).
  expect(js).toContain('__metadata("design:paramtypes", [GreetingService])')
  return (await import(url)) as Fixture
}

export type PlatformName = 'express' | 'fastify'
export const platforms: PlatformName[] = ['express', 'fastify']

/** The `platform` setting: undefined (Nest's default Express) or the @nestjs/platform-fastify module. */
export async function platformModule(name: PlatformName): Promise<object | undefined> {
  return name === 'fastify' ? import('@nestjs/platform-fastify') : undefined
}

/** fw under `route` (the seed's add example with conf.Time applied) and Nest's controllers side by side. */
export async function sideBySide(base: string, route: string): Promise<void> {
  const add = await call(base, `${route}/calc/add?a=1&b=2`)
  expect(add.status).toBe(200)
  expect(add.text).toBe('{"data":3,"msg":""}')
  const bad = await call(base, `${route}/calc/add?a=1&b=x`)
  expect(bad.status).toBe(400)
  expect(bad.text).toBe(`{"data":null,"msg":"BadRequest: parse item: ['b'] failed: invalid number: 'x'"}`)
  expect((await call(base, `${route}/calc/time`)).text).toBe('{"data":"2025-04-15 16:38:30","msg":""}')
  const posted = await call(base, `${route}/calc/article`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"t","views":"2"}' })
  expect(posted.status).toBe(200)
  expect(posted.text).toBe('{"data":{"title":"t","views":2},"msg":""}')
  const missing = await call(base, `${route}/calc/nope`)
  expect(missing.status).toBe(404)
  expect(missing.text).toContain('NotFound')

  // Nest's controller, its constructor injection and interceptor
  const hello = await call(base, '/hello/ada')
  expect(hello.status).toBe(200)
  expect(hello.json()).toEqual({ nest: 'hello ada' })
  // a pipe: ParseIntPipe
  expect((await call(base, '/hello/square/4')).json()).toEqual({ nest: 16 })
  const notInt = await call(base, '/hello/square/x')
  expect(notInt.status).toBe(400)
  expect(notInt.json()).toMatchObject({ statusCode: 400, message: 'Validation failed (numeric string is expected)' })
  // a guard
  expect((await call(base, '/hello/secret/area')).status).toBe(403)
  const allowed = await call(base, '/hello/secret/area', { headers: { 'x-token': 'secret' } })
  expect(allowed.status).toBe(200)
  expect(allowed.json()).toEqual({ nest: 'classified' })
  // Nest's own body parsing on its routes
  const echo = await call(base, '/hello/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' })
  expect(echo.status).toBe(201)
  expect(echo.json()).toEqual({ nest: { n: 1 } })
  // outside fw's route, Nest's 404
  const nestMissing = await call(base, '/nowhere')
  expect(nestMissing.status).toBe(404)
  expect(nestMissing.json()).toMatchObject({ statusCode: 404, message: 'Cannot GET /nowhere' })
}

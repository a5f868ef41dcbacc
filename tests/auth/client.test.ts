/**
 * The typed client's `auth: { bearer }` over real HTTP on Node: the token
 * (or a function giving a fresh one) goes in `Authorization: Bearer`; without
 * it the call is the server's 401.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, createClient } from 'fw-api/client'
import { seed, service } from './fixtures/app'

let baseURL = ''
let close: () => Promise<void> = async () => {}

beforeAll(async () => {
  await seed()
  const server = await service.run({ port: 0, host: '127.0.0.1' })
  baseURL = `http://127.0.0.1:${server.port}`
  close = () => server.close()
}, 300_000) // PGlite starts slowly on a busy machine
afterAll(() => close())

describe('typed client auth', () => {
  it('sends the bearer token; a function is asked on each call; headers win; none is 401', async () => {
    const document = service.openapi()
    const anonymous = createClient<unknown>({ baseURL, document }) as unknown as { user: { jwt_login(input: unknown): Promise<{ token: string }>; jwt(): Promise<{ id: number }> } }
    const { token } = await anonymous.user.jwt_login({ data: { username: 'alice', password: 'alice123' } })
    expect(token).toMatch(/\./)
    const error = await anonymous.user.jwt().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ClientError)
    expect((error as ClientError).status).toBe(401)
    const signedIn = createClient<unknown>({ baseURL, document, auth: { bearer: token } }) as unknown as typeof anonymous
    expect(await signedIn.user.jwt()).toMatchObject({ id: 1, username: 'alice' })
    let asked = 0
    const fresh = createClient<unknown>({ baseURL, document, auth: { bearer: () => (asked++, token) } }) as unknown as typeof anonymous
    expect(await fresh.user.jwt()).toMatchObject({ id: 1 })
    expect(asked).toBe(1)
    const overridden = createClient<unknown>({ baseURL, document, auth: { bearer: token }, headers: { authorization: 'Bearer nope' } }) as unknown as typeof anonymous
    expect(await overridden.user.jwt().catch((caught: ClientError) => caught.status)).toBe(401)
  })
})

/**
 * SPEC §5 with the ORM: `server.close()` lets a request that is
 * still using the database finish, closes the database connections after it
 * (never under it), and does not wait for the client's idle keep-alive
 * connection to time out.
 */
import 'fw-api/serve'
import { describe, expect, it } from 'vitest'
import { api } from 'fw-api'
import { createBlog } from '../../examples/blog/app'

describe('graceful close with orm.DatabaseConnections (PGlite)', () => {
  it('the in-flight request finishes with the database; the database closes after it', async () => {
    const { service, database } = await createBlog({})
    let usedOpenDatabase: boolean | undefined
    class SlowAPI extends api.API {
      @api.get
      async slow() {
        await new Promise((resolve) => setTimeout(resolve, 500))
        usedOpenDatabase = database.opened
        await database.execute('SELECT 1')
        return 'done'
      }
    }
    service.mount(SlowAPI, '/ops')
    const server = await service.run({ port: 0, signals: false })
    const answer = fetch(`http://127.0.0.1:${server.port}/ops/slow`).then(async (response) => [response.status, await response.text()])
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(database.opened).toBe(true)
    const started = Date.now()
    await server.close({ timeout: 5000 })
    const took = Date.now() - started
    expect(await answer).toEqual([200, '"done"'])
    expect(usedOpenDatabase).toBe(true)
    expect(database.opened).toBe(false)
    // The request's keep-alive connection is closed once it is answered (Node keeps it 5 s otherwise).
    expect(took).toBeLessThan(3000)
  }, 120_000) // a hang guard: PGlite's start is CPU-bound (seconds quiet, far more on a busy machine)
})

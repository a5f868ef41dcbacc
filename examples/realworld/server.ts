/**
 * `npm run example:realworld`: the Conduit backend on embedded PGlite, or on a
 * Postgres server with `DATABASE_URL=postgres://... npm run example:realworld`.
 */
import 'fw-api/serve'
import { createConduit } from './app'

const url = process.env.DATABASE_URL
const { service, database } = createConduit({ url, dataDir: process.env.CONDUIT_DATA_DIR })
await database.connect() // the tables are created before the first request
const server = await service.run({ port: Number(process.env.PORT ?? 8000) })
console.log(`conduit (${url ? 'postgres' : 'pglite'}) listening on http://${server.hostname}:${server.port}/api (${server.runtime})`)
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

/**
 * `npm run example:realworld`: the Conduit backend on embedded PGlite, or on a
 * Postgres server with `DATABASE_URL=postgres://... npm run example:realworld`.
 * `JWT_SECRET` (≥ 32 random bytes) is required unless `CONDUIT_DEV=1` (the npm
 * script sets it: a random secret per process); `CORS_ORIGINS` lists browser frontends.
 * In memory, it starts from ./fw-db.tar.gz when that exists (`npm run example:realworld:snapshot`
 * writes it: PGlite's data directory with the tables, no initdb at start; docs/orm.md), or from
 * the file `CONDUIT_SNAPSHOT` names (a missing or stale one: a warning, then the usual start);
 * `CONDUIT_SNAPSHOT=off`: initdb and the DDL even when the file exists.
 */
import { existsSync } from 'node:fs'
import 'fw-api/serve'
import { createConduit } from './app'

const url = process.env.DATABASE_URL
// CORS_ORIGINS=http://localhost:4200,https://conduit.example: the browser frontends allowed to call the API
const corsOrigins = process.env.CORS_ORIGINS?.split(',').map((origin) => origin.trim())
const dataDir = process.env.CONDUIT_DATA_DIR
const file = new URL('./fw-db.tar.gz', import.meta.url)
const named = process.env.CONDUIT_SNAPSHOT
const snapshot = url || dataDir || named === 'off' ? undefined : named || (existsSync(file) ? file : undefined)
const { service, database } = createConduit({ url, dataDir, snapshot, corsOrigins })
await database.connect() // the tables are created before the first request
const server = await service.run({ port: Number(process.env.PORT ?? 8000) })
console.log(`conduit (${url ? 'postgres' : snapshot ? 'pglite from a snapshot' : 'pglite'}) listening on http://${server.hostname}:${server.port}/api (${server.runtime})`)
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

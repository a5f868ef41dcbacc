/**
 * `CHAT_DEV=1 npx tsx examples/chat/server.ts`: the chat on embedded PGlite, or on Postgres with
 * `DATABASE_URL=postgres://…`; `JWT_SECRET` (≥ 32 random bytes) unless `CHAT_DEV=1`.
 */
import 'fw-api/serve'
import 'fw-api/openapi'
import { createChat } from './app'

const { service, database } = createChat({ url: process.env.DATABASE_URL, dataDir: process.env.CHAT_DATA_DIR })
await database.connect()
const server = await service.run({ port: Number(process.env.PORT ?? 8000) })
console.log(`chat listening on http://${server.hostname}:${server.port}/api (${server.runtime})`)

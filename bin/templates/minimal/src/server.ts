import 'fw-api/serve' // service.run() on Node, Bun and Deno
import { service } from './app.ts'

const server = await service.run() // PORT and HOST from the environment (default 8000, 127.0.0.1)
console.log(`{{name}} listening on http://${server.hostname}:${server.port}/api (${server.runtime})`)

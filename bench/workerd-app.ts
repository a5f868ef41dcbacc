/**
 * The in-process benchmark inside workerd (bench/workerd.mjs bundles this
 * module and runs it with miniflare): the floor, Hono and fw apps, called
 * directly inside the Worker, as bench/inproc.ts calls them on Node, Bun and
 * Deno, in batches the host times (bench/workerd-batches.ts).
 */
import { createApps } from './harness'
import { inprocFixtures } from './schemas'
import { batchWorker } from './workerd-batches'

export default batchWorker(createApps(100), inprocFixtures)

/**
 * One commit's fw app as a Worker, for the workerd loopback rows of `npm run bench:compare`
 * (bench/compare.mjs bundles it once per commit, `fw-api` resolved to that commit's build,
 * and serves it with miniflare: bench/compare/serve-workerd.mjs).
 */
import { createFw } from '../apps/fw'

const fw = createFw(100)

export default {
  fetch: (request: Request, env: unknown): Response | Promise<Response> => fw.fetch(request, env),
}

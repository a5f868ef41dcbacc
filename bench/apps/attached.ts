/**
 * The fw app attached to Express or node:http (`fw-api/adapters` `attach`),
 * served by `runBackend` for the loopback runs (fw's native Node path).
 */
import { createRequire } from 'node:module'
import http from 'node:http'
import { attach, runBackend } from 'fw-api/adapters'
import { createFw } from './fw'

/** Express, loaded at run time (the bench bundle leaves it out). */
type ExpressFactory = () => object

/**
 * Serve the fw app attached to `kind` on `port` (0: any free port); resolves with the port.
 *
 * @example
 * const port = await serveAttached('express', 0, '127.0.0.1')
 */
export async function serveAttached(kind: 'express' | 'node-http', port: number, hostname: string): Promise<number> {
  const service = createFw(100)
  const express = kind === 'express' ? (createRequire(import.meta.url)('express') as ExpressFactory) : undefined
  const app = express ? attach(express(), service.fetch, '') : http
  // node:http's listener is made by runBackend
  const server = await runBackend(app, service.fetch, { port, hostname })
  return server.port
}

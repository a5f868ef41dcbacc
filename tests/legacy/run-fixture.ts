/**
 * Runs one compiled fixture in a fresh Node process (`tsx run-fixture.ts <file.js>`)
 * and prints the outcomes as JSON. Node 20 has no `Symbol.metadata`: this is
 * where fw's polyfill must make TypeScript's TC39 decorator emit work.
 */
import { pathToFileURL } from 'node:url'
import { runCases } from './cases'

// Read before the fixture (and so fw) loads.
const hadMetadata = typeof (Symbol as { metadata?: symbol }).metadata === 'symbol'
const file = process.argv[2]
if (!file) throw new Error('usage: tsx run-fixture.ts <compiled-fixture.js>')
const { service } = (await import(pathToFileURL(file).href)) as { service: { fetch: (request: Request) => Promise<Response> } }
process.stdout.write(JSON.stringify({ node: process.version, hadMetadata, outcomes: await runCases(service.fetch) }))

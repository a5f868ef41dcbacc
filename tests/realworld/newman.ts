/**
 * Run the official RealWorld Postman collection with newman's library API, as
 * the collection's own `api/run-api-tests.sh` runs it (globals APIURL,
 * USERNAME, EMAIL, PASSWORD), and report its assertions.
 */
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** The collection: gothinkster/realworld `api/Conduit.postman_collection.json` at commit 1fcad4a2 (unchanged). */
export const collectionPath = fileURLToPath(new URL('./Conduit.postman_collection.json', import.meta.url))

/** What one newman run found. */
export interface NewmanResult {
  requests: number
  assertions: number
  failed: number
  /** `request name: assertion: message` for each failure */
  failures: string[]
}

interface NewmanStats { total: number; failed: number }
interface NewmanFailure { source?: { name?: string }; error: { test?: string; message: string } }
interface NewmanSummary { run: { stats: { requests: NewmanStats; assertions: NewmanStats }; failures: NewmanFailure[] } }
interface Newman {
  run(options: Record<string, unknown>, done: (error: Error | null, summary: NewmanSummary) => void): unknown
}

const newman = createRequire(import.meta.url)('newman') as Newman

/** Run the collection against `apiUrl` (e.g. `http://127.0.0.1:8000/api`) as a fresh user (`password`: the user's, for tests that look for it). */
export function runCollection(apiUrl: string, username: string, password = 'password'): Promise<NewmanResult> {
  const globals = { APIURL: apiUrl, USERNAME: username, EMAIL: `${username}@mail.com`, PASSWORD: password }
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection: collectionPath,
        globals: { values: Object.entries(globals).map(([key, value]) => ({ key, value, type: 'string', enabled: true })) },
        reporters: [],
        timeoutRequest: 60_000,
      },
      (error, summary) => {
        if (error) return reject(error)
        const { stats, failures } = summary.run
        resolve({
          requests: stats.requests.total,
          assertions: stats.assertions.total,
          failed: stats.assertions.failed,
          failures: failures.map((failure) => `${failure.source?.name ?? '?'}: ${failure.error.test ?? ''}: ${failure.error.message}`),
        })
      },
    )
  })
}

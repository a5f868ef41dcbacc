/**
 * `fw-api/client` alone is the HTTP client: `connect` on a socket endpoint says which entry to
 * import (`fw-api/client/ws`) instead of failing obscurely. This file must not import that entry.
 *
 *   npx vitest run tests/ws/client-entry.test.ts --typecheck.enabled=false
 */
import { expect, it } from 'vitest'
import { createClient } from 'fw-api/client'
import type { RootAPI } from './fixtures/typed'

it('connect without fw-api/client/ws names the import it needs', async () => {
  const client = createClient<typeof RootAPI>({ baseURL: 'http://127.0.0.1:9', document: { paths: {} }, asyncapi: { channels: {} } })
  await expect(client.chat.room.connect({ room: 'lobby' })).rejects.toThrow("connect() needs `import 'fw-api/client/ws'`")
})

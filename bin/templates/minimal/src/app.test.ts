import { createClient } from 'fw-api/client'
import { describe, expect, it } from 'vitest'
import { type RootAPI, service } from './app.ts'

// the typed client, in-process: no port, no server
const client = createClient<typeof RootAPI>({ baseURL: 'http://localhost', route: '/api', fetch: service.fetch })

describe('{{name}}', () => {
  it('greets', async () => {
    expect(await client.hello.greet({ name: 'Ada' })).toEqual({ message: 'Hello, Ada!' })
    expect(await client.hello.greet()).toEqual({ message: 'Hello, world!' })
  })

  it('answers 400 to a name too long', async () => {
    const response = await service.fetch(new Request(`http://localhost/api/hello/greet?name=${'x'.repeat(101)}`))
    expect(response.status).toBe(400)
  })
})

import { createClient } from 'fw-api/client'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp, type RootAPI } from './app.ts'

const { service, database } = await createApp()
const client = (token?: string) =>
  createClient<typeof RootAPI>({ baseURL: 'http://localhost', route: '/api', fetch: service.fetch, ...(token ? { auth: { bearer: token } } : {}) })
afterAll(() => database.close())

async function signedUp(username: string) {
  const data = { username, password: `password of ${username}` }
  await client().users.signup({ data })
  return client((await client().users.login({ data })).token)
}

describe('{{name}}', () => {
  it('signs up, logs in, and only the owner changes a note', async () => {
    const ada = await signedUp('ada')
    const bob = await signedUp('bob')
    expect((await ada.users.me()).username).toBe('ada')
    await expect(client().users.signup({ data: { username: 'ada', password: 'another password' } })).rejects.toMatchObject({ status: 409 })
    const note = await ada.notes.post({ data: { title: 'Plan', body: 'ship it' } })
    await expect(bob.notes.edit({ id: note.id, data: { title: 'Mine now' } })).rejects.toMatchObject({ status: 403 })
    await expect(client().notes.remove({ id: note.id })).rejects.toMatchObject({ status: 401 })
    const page = await client().notes.list({ query: { search: 'ship', order: ['-createdAt'] } })
    expect(page).toMatchObject({ count: 1, notes: [{ title: 'Plan', owner: { username: 'ada' } }] })
  })
})

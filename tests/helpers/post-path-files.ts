/**
 * Which src/ files RealWorld's `POST /api/articles` runs code in (examples/realworld): a JWT user
 * (its row read), a JSON body with a `tagList`, the tags' upsert, the article and its tag links
 * written in a transaction, the article read back — on PGlite in this process. V8's precise
 * coverage (call counts) around the second such request of a service (the first warms it). Run as
 * its own process (`node --import tsx tests/helpers/post-path-files.ts`) so the modules keep their
 * file URLs; prints `{ status, body, files }` as JSON (tests/helpers/src-coverage.ts).
 */
import '../realworld/secret'
import { createConduit } from '../../examples/realworld/app'
import { measureSrcFiles } from './src-coverage'

const { service, database } = createConduit()
await database.connect()

const json = (method: string, path: string, body: unknown, token?: string): Request =>
  new Request(`http://x/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    body: JSON.stringify(body),
  })

const registered = await service.fetch(json('POST', '/users', { user: { username: 'writer', email: 'writer@mail.com', password: 'password' } }))
if (registered.status !== 200) throw new Error(`register: ${registered.status} ${await registered.text()}`)
const { user } = (await registered.json()) as { user: { token: string } }

let round = 0
const post = async (): Promise<Response> => {
  round += 1
  const article = { title: `Article ${round}`, description: 'd', body: 'b', tagList: ['shared', `tag${round}`] }
  return service.fetch(json('POST', '/articles', { article }, user.token))
}
const warm = await post()
if (warm.status !== 200) throw new Error(`warm-up: ${warm.status} ${await warm.text()}`)
await warm.text()

const measured = await measureSrcFiles(post)
await database.close()
process.stdout.write(JSON.stringify(measured))

/**
 * Which src/ files one GET with a query param runs code in: V8's precise
 * coverage (call counts) around one `service.fetch` of a warmed service.
 * Run as its own process (`node --import tsx tests/helpers/get-path-files.ts`)
 * so the modules keep their file URLs; prints `{ status, body, files }` as JSON,
 * `files` as src/-relative paths with the functions that ran in each.
 */
import * as v from 'valibot'
import { Fw, api } from '../../src/index'
import { measureSrcFiles } from './src-coverage'

class ItemsAPI extends api.API {
  @api.get({ q: v.string() })
  x({ q }: { q: string }) {
    return { q }
  }
}

const service = new Fw({ api: ItemsAPI, route: '/api' })
const send = async () => service.fetch(new Request('http://x/api/x?q=1'))
for (let round = 0; round < 200; round++) await (await send()).text()

process.stdout.write(JSON.stringify(await measureSrcFiles(send)))

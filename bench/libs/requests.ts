/**
 * Whole requests in process, old source tree vs this one, alternating (run:
 * `OLD_SRC=path/to/old/src npx tsx bench/libs/requests.ts`; without OLD_SRC both sides are this tree).
 * Each row is a request whose cost a library decision changes: cookies, a query string, a multipart
 * form, a Content-Type other than JSON, an XML body. Reports the median CPU ns per request.
 */
import * as v from 'valibot'
import { compareAsync } from './measure'

type FwModule = typeof import('../../src/index')

async function serviceOf(fw: FwModule): Promise<(request: Request) => Promise<Response>> {
  const { api, Fw, request } = fw
  class RootAPI extends api.API {
    @api.get({ who: request.CookieParam(v.string(), { alias: 'sessionid' }), theme: request.CookieParam(v.string(), { default: 'light' }) })
    me({ who, theme }: { who: string; theme: string }) {
      return { who, theme }
    }

    @api.get({ page: request.QueryParam(v.number(), { default: 1 }), tag: request.QueryParam(v.optional(v.array(v.string()))) })
    items({ page, tag }: { page: number; tag?: string[] }) {
      return { page, tags: tag?.length ?? 0 }
    }

    @api.post({ form: request.Form(v.object({ title: v.string(), note: v.string() })) })
    form({ form }: { form: { title: string } }) {
      return form.title
    }

    @api.post({ doc: request.Body(v.object({ name: v.string() })) })
    xml({ doc }: { doc: { name: string } }) {
      return doc.name
    }
  }
  const service = new Fw(import.meta.url, { api: RootAPI })
  return async (req) => service.fetch(req)
}

const boundary = 'fwBoundary12'
const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${'n'.repeat(200)}\r\n--${boundary}--\r\n`
const requests: [string, () => Request][] = [
  ['cookies', () => new Request('http://h/me', { headers: { cookie: 'sessionid=38afes7a8; csrftoken=u32t4o3tb3gg43; theme=dark; _ga=GA1.2.12345.678' } })],
  ['query', () => new Request('http://h/items?page=2&tag=a&tag=b&q=hello+world')],
  ['multipart', () => new Request('http://h/form', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: multipart })],
  ['urlencoded', () => new Request('http://h/form', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: 'title=hello&note=n' })],
  ['xml', () => new Request('http://h/xml', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<doc><name>a</name></doc>' })],
]

const current = await serviceOf(await import('../../src/index'))
const oldPath = process.env.OLD_SRC ? new URL(`file://${process.env.OLD_SRC.replace(/\/$/, '')}/index.ts`).href : '../../src/index'
const old = await serviceOf((await import(oldPath)) as FwModule)
for (const [name, make] of requests) {
  const [before, after] = await Promise.all([old(make()), current(make())])
  const [a, b] = [await before.text(), await after.text()]
  if (a !== b || before.status !== after.status) throw new Error(`${name}: old answers ${before.status} ${a}, new ${after.status} ${b}`)
}
for (const [name, make] of requests) {
  const timed = (fetch: (request: Request) => Promise<Response>) => async () => (await fetch(make())).arrayBuffer()
  await compareAsync(`request: ${name}`, [{ name: 'old', run: timed(old) }, { name: 'new', run: timed(current) }], 1000, 9)
}

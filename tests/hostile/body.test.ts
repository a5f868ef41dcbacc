/**
 * Hostile bodies: each must be refused with a 4xx within 1 s, and nothing may
 * reach Object.prototype.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { defaultLimits, readBody, type BodyPlan } from '../../src/body/index'
import { HttpError } from '../../src/exceptions/index'
import 'fw-api/xml'
import { generated, post } from '../body/helpers'
import { cpuTime } from '../helpers/time'

const encoder = new TextEncoder()

let lastMessage = ''

async function refusedQuickly(request: Request, plan: BodyPlan, limits = defaultLimits): Promise<number> {
  let status = 0
  lastMessage = ''
  const { ms: elapsed } = await cpuTime(async () => {
    try {
      await readBody(request, plan, limits)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      status = error.status
      lastMessage = error.message
    }
  })
  expect(status, 'a 4xx').toBeGreaterThanOrEqual(400)
  expect(status).toBeLessThan(500)
  // typically under 40 ms of CPU; a hang guard (super-linear work on these inputs takes minutes)
  expect(elapsed, 'refused within 3 s of CPU').toBeLessThan(3000)
  return status
}

function polluted(): unknown {
  return ({} as Record<string, unknown>).polluted
}

describe('hostile bodies', () => {
  afterAll(() => {
    expect(polluted()).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('2 MB chunked JSON body (no Content-Length) → 413', async () => {
    expect(await refusedQuickly(generated(2 * 1024 * 1024, 16 * 1024, { 'content-type': 'application/json' }), { accept: 'json' })).toBe(413)
  })

  it('2 MB chunked body with a lying Content-Length → 413', async () => {
    const request = generated(2 * 1024 * 1024, 16 * 1024, { 'content-type': 'application/json', 'content-length': '10' })
    expect(await refusedQuickly(request, { accept: 'any' })).toBe(413)
  })

  it('20 MB multipart stream → 413 without reading it all', async () => {
    const request = generated(20 * 1024 * 1024, 64 * 1024, { 'content-type': 'multipart/form-data; boundary=b' })
    expect(await refusedQuickly(request, { accept: 'form' })).toBe(413)
  })

  it('5000 empty file parts → 400, refused at the file limit', async () => {
    const part = '--b\r\nContent-Disposition: form-data; name="f"; filename="x"\r\n\r\n\r\n'
    const body = part.repeat(5000) + '--b--\r\n'
    const status = await refusedQuickly(post(body, { 'content-type': 'multipart/form-data; boundary=b' }), { accept: 'form' })
    expect(status).toBe(400)
    // Refused at part 101 (limits.files), long before the 5000th.
    expect(lastMessage).toBe(`too many files (limit ${defaultLimits.files})`)
  })

  it('5000 empty field parts → 400 at the field limit', async () => {
    const part = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n'
    const body = part.repeat(5000) + '--b--\r\n'
    expect(await refusedQuickly(post(body, { 'content-type': 'multipart/form-data; boundary=b' }), { accept: 'any' })).toBe(400)
    expect(lastMessage).toBe(`too many form fields (limit ${defaultLimits.fields})`)
  })

  it('deeply nested JSON (100k "[") → 400, no stack overflow', async () => {
    const body = '['.repeat(100_000) + ']'.repeat(100_000)
    expect(await refusedQuickly(post(body, { 'content-type': 'application/json' }), { accept: 'json' })).toBe(400)
    expect(await refusedQuickly(post('{"a":'.repeat(100_000), { 'content-type': 'application/json' }), { accept: 'any' })).toBe(400)
  })

  it('deeply nested XML (100k elements) → 413 over xmlBytes, 400 under a larger byte limit', async () => {
    const body = '<a>'.repeat(100_000) + '</a>'.repeat(100_000)
    expect(await refusedQuickly(post(body, { 'content-type': 'application/xml' }), { accept: 'any' })).toBe(413)
    expect(await refusedQuickly(post(body, { 'content-type': 'application/xml' }), { accept: 'any' }, { ...defaultLimits, xmlBytes: 1 << 20 })).toBe(400)
  })

  it('__proto__ payloads in JSON, form, multipart and XML never pollute', async () => {
    const json = '{"__proto__":{"polluted":"json"},"constructor":{"prototype":{"polluted":"json"}}}'
    const value = await readBody(post(json, { 'content-type': 'application/json' }), { accept: 'json' }, defaultLimits)
    expect(Object.hasOwn(value as object, '__proto__')).toBe(false)
    // Merging the result naively into a fresh object must not pollute either.
    Object.assign({}, value)
    expect(polluted()).toBeUndefined()

    const form = '__proto__[polluted]=form&__proto__.polluted=form&constructor[prototype][polluted]=form&__proto__=x'
    await readBody(post(form, { 'content-type': 'application/x-www-form-urlencoded' }), { accept: 'any' }, defaultLimits)
    expect(polluted()).toBeUndefined()

    const multipart = '--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"polluted":1}\r\n--b--\r\n'
    const parsed = await readBody(post(multipart, { 'content-type': 'multipart/form-data; boundary=b' }), { accept: 'form' }, defaultLimits)
    expect(parsed).toEqual({})
    expect(polluted()).toBeUndefined()

    await refusedQuickly(post('<r><__proto__><polluted>xml</polluted></__proto__></r>', { 'content-type': 'application/xml' }), { accept: 'any' })
    expect(polluted()).toBeUndefined()
  })

  it('billion laughs XML → 400 without expansion', async () => {
    let entities = '<!ENTITY lol "lol">'
    for (let i = 1; i <= 9; i++) entities += `<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`
    const body = `<?xml version="1.0"?><!DOCTYPE lolz [${entities}]><lolz>&lol9;</lolz>`
    expect(await refusedQuickly(post(body, { 'content-type': 'text/xml' }), { accept: 'any' })).toBe(400)
  })

  it('external entity (XXE) → 400, nothing read', async () => {
    const body = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><r><a>&xxe;</a></r>'
    expect(await refusedQuickly(post(body, { 'content-type': 'application/xml' }), { accept: 'any' })).toBe(400)
  })

  it('malformed XML <root><a></root> → 400', async () => {
    expect(await refusedQuickly(post('<root><a></root>', { 'content-type': 'application/xml' }), { accept: 'any' })).toBe(400)
  })

  it('text/plain to a JSON body → 415', async () => {
    expect(await refusedQuickly(post('{"a":1}', { 'content-type': 'text/plain' }), { accept: 'json' })).toBe(415)
  })

  it('a stream that errors mid-body → 400, no hang', async () => {
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(encoder.encode('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n'))
        setTimeout(() => controller.error(new Error('reset')), 10)
      },
    })
    const request = new Request('http://x/', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      duplex: 'half',
    } as RequestInit)
    expect(await refusedQuickly(request, { accept: 'form' })).toBe(400)
  })

  it('multipart that ends without a closing delimiter → 400, no hang', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="f"; filename="x"\r\n\r\n' + 'x'.repeat(1000)
    expect(await refusedQuickly(post(body, { 'content-type': 'multipart/form-data; boundary=b' }), { accept: 'form' })).toBe(400)
  })

  it('one huge multipart part header → 400', async () => {
    const body = `--b\r\nContent-Disposition: form-data; name="${'a'.repeat(1024 * 1024)}"\r\n\r\nx\r\n--b--`
    expect(await refusedQuickly(post(body, { 'content-type': 'multipart/form-data; boundary=b' }), { accept: 'form' })).toBe(400)
  })

  it('a file in a field that takes none is refused at its first byte, never buffered', async () => {
    // A 10 MiB file to a Body(v.object({ name })) endpoint: fileFields is [].
    let pulled = 0
    const head = new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b\r\nContent-Disposition: form-data; name="doc"; filename="big.bin"\r\n\r\n')
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        if (pulled >= 10 * 1024 * 1024) return controller.close()
        const chunk = pulled === 0 ? head : new Uint8Array(64 * 1024).fill(0x61)
        pulled += chunk.byteLength
        controller.enqueue(chunk as Uint8Array<ArrayBuffer>)
      },
    })
    const request = new Request('http://test.local/', { method: 'POST', body: stream, headers: { 'content-type': 'multipart/form-data; boundary=b' }, duplex: 'half' } as RequestInit)
    expect(await refusedQuickly(request, { accept: 'any', fileFields: [] })).toBe(400)
    expect(lastMessage).toContain("field 'doc' does not take a file")
    expect(pulled).toBeLessThan(256 * 1024)
    // An unselected file input (empty, filename="") in such a field is still fine.
    const empty = '--b\r\nContent-Disposition: form-data; name="doc"; filename=""\r\n\r\n\r\n--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n'
    expect(await readBody(post(empty, { 'content-type': 'multipart/form-data; boundary=b' }), { accept: 'any', fileFields: [] }, defaultLimits)).toEqual({ name: 'x' })
  })

  it('a sized body whose stream lies about Content-Length is counted while read', async () => {
    let pulled = 0
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        if (pulled >= 200 * 1024 * 1024) return controller.close()
        pulled += 1024 * 1024
        controller.enqueue(new Uint8Array(1024 * 1024).fill(0x20))
      },
    })
    const request = new Request('http://test.local/', { method: 'POST', body: stream, headers: { 'content-type': 'application/json', 'content-length': '5' }, duplex: 'half' } as RequestInit)
    expect(await refusedQuickly(request, { accept: 'json' })).toBe(413)
    expect(pulled).toBeLessThan(4 * 1024 * 1024)
  })
})

import { it, expect } from 'vitest'
import { fromNode } from '../../src/adapters'
import { within } from './helpers'
it('x', async () => {
    const size = 4 * 1024 * 1024
    const log: string[] = []
    let R: any, S: any
    const app = fromNode((req, res) => {
      R = req; S = res
      res.setHeader('content-type', 'application/octet-stream')
      res.on('drain', () => log.push('drain'))
      req.on('pause', () => log.push('pause'))
      req.on('resume', () => log.push('resume'))
      req.on('end', () => log.push('req end'))
      const w = res.write; res.write = function (...a: any[]) { const r = w.apply(this, a as any); log.push('w' + r); return r } as any
      req.pipe(res)
    })
    let sent = 0
    const chunk = new Uint8Array(64 * 1024).fill(7)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= size) { log.push('src close'); return controller.close() }
        sent += chunk.byteLength
        log.push('src pull')
        controller.enqueue(chunk)
      },
    })
    const p = app.fetch(new Request('http://localhost/echo', { method: 'POST', body, duplex: 'half' } as RequestInit))
    const response = await within(Promise.resolve(p), 3000, 'resp')
    const reader = response.body!.getReader()
    let got = 0
    const t = setTimeout(() => { console.log(log.slice(-30).join(' '), 'got', got, 'sent', sent, 'req flowing', R.readableFlowing, R.readableLength, 'res', S.writableEnded) }, 2000)
    for (;;) { const r = await reader.read(); if (r.done) break; got += r.value.byteLength; log.push('read') }
    clearTimeout(t)
    expect(got).toBe(size)
}, 4000)

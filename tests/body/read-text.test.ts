/**
 * A request that reads its own text (`READ_TEXT`: fw's native Node requests)
 * is read and parsed through it in one promise step, with the same answers
 * as through `text()`: a read that fails is the 400 "could not be read", a
 * parse failure and an oversized text keep their own answers.
 */
import { describe, expect, it } from 'vitest'
import { defaultLimits, markFramed, readBody, type Limits } from '../../src/body/index'
import { READ_TEXT } from '../../src/utils/http'
import { expectStatus, post } from './helpers'

const small: Limits = { ...defaultLimits, bodyBytes: 100 }

/** A framed JSON request whose READ_TEXT hands `text` (or fails with `error`) to what the reader gives it; `text()` is never to be used. */
function ownReader(text: string, error?: Error, declared = text.length): { request: Request; reads: () => number } {
  const request = post(text, { 'content-type': 'application/json', 'content-length': String(declared) })
  markFramed(request)
  let reads = 0
  Object.defineProperty(request, 'text', { value: () => Promise.reject(new Error('text() must not be used')) })
  Object.defineProperty(request, READ_TEXT, {
    value<T>(use: (text: string) => T, fail: (error: unknown) => unknown): Promise<T> {
      reads++
      return error ? Promise.reject(fail(error)) : Promise.resolve().then(() => use(text))
    },
  })
  return { request, reads: () => reads }
}

describe('readBody: a request that reads its own text (READ_TEXT)', () => {
  it('reads and parses through it, never through text()', async () => {
    const { request, reads } = ownReader('{"name":"Ada"}')
    expect(await readBody(request, { accept: 'json' }, small)).toEqual({ name: 'Ada' })
    expect(reads()).toBe(1)
  })

  it('answers as through text(): unreadable 400, invalid JSON 400, oversized 413', async () => {
    const failed = ownReader('{}', new Error('socket closed'))
    await expectStatus(readBody(failed.request, { accept: 'json' }, small), 400, 'request body could not be read')
    await expectStatus(readBody(ownReader('{"name":').request, { accept: 'json' }, small), 400, 'invalid JSON body')
    // a text longer than the limit, its Content-Length within it: refused once read
    const long = ownReader(`"${'a'.repeat(120)}"`, undefined, 50)
    await expectStatus(readBody(long.request, { accept: 'json' }, small), 413, 'body exceeds 100 bytes')
    expect(long.reads()).toBe(1)
  })
})

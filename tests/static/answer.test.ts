/**
 * src/static/answer.ts: the answer for a file `serveStatic` found (RFC 9110) — 200 with its
 * validators, 412 for a failed If-Match / If-Unmodified-Since, 304 for a validator that matches,
 * 206 for one range, 416 past the end, If-Range.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fileSystem, type FoundFile } from '../../src/node/static-files'
import { ALLOW, answer, plain, type Representation } from '../../src/static/answer'

const dir = mkdtempSync(join(tmpdir(), 'fw-static-answer-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const path = join(dir, 'hello.txt')
writeFileSync(path, 'hello world')
const stat = statSync(path)
const file: FoundFile = { path, size: stat.size, mtimeMs: stat.mtimeMs }
const emptyPath = join(dir, 'empty.txt')
writeFileSync(emptyPath, '')
const files = fileSystem()
const TEXT: Representation = { contentType: 'text/plain; charset=utf-8', cacheControl: 'public, max-age=0', vary: false }
const get = (headers: Record<string, string> = {}, sent = TEXT, found = file) => answer(new Request('http://h/hello.txt', { headers }), files, found, sent)
const etag = `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`

describe('answer', () => {
  it('sends the whole file with its validators, type, length and cache control', async () => {
    const response = get()
    expect(response.status).toBe(200)
    expect(Object.fromEntries(response.headers)).toMatchObject({
      etag,
      'last-modified': new Date(file.mtimeMs).toUTCString(),
      'cache-control': 'public, max-age=0',
      'content-type': 'text/plain; charset=utf-8',
      'accept-ranges': 'bytes',
      'content-length': '11',
    })
    expect(await response.text()).toBe('hello world')
  })

  it('answers 304 to a matching If-None-Match (weak too) or an If-Modified-Since not older than the file', () => {
    expect(get({ 'if-none-match': etag }).status).toBe(304)
    expect(get({ 'if-none-match': `"x", W/${etag}` }).status).toBe(304)
    expect(get({ 'if-none-match': '*' }).status).toBe(304)
    expect(get({ 'if-modified-since': new Date(file.mtimeMs + 1000).toUTCString() }).status).toBe(304)
    expect(get({ 'if-modified-since': new Date(file.mtimeMs - 5000).toUTCString() }).status).toBe(200)
    expect(get({ 'if-none-match': '"other"', 'if-modified-since': new Date(file.mtimeMs + 1000).toUTCString() }).status).toBe(200)
  })

  it('answers 412 to a failed If-Match (strong) or If-Unmodified-Since older than the file, before If-None-Match', async () => {
    const failed = get({ 'if-match': '"other"' })
    expect(failed.status).toBe(412)
    expect(failed.headers.get('etag')).toBe(etag)
    expect(await failed.text()).toBe('Precondition Failed')
    expect(get({ 'if-match': `W/${etag}` }).status).toBe(412) // a weak tag never matches If-Match
    expect(get({ 'if-unmodified-since': new Date(file.mtimeMs - 5000).toUTCString() }).status).toBe(412)
    expect(get({ 'if-match': '"other"', 'if-none-match': etag }).status).toBe(412)
    expect(get({ 'if-match': etag }).status).toBe(200)
    expect(get({ 'if-match': '*' }).status).toBe(200)
    expect(get({ 'if-unmodified-since': new Date(file.mtimeMs + 1000).toUTCString() }).status).toBe(200)
    // a range whose precondition holds is still served
    expect(get({ 'if-match': etag, range: 'bytes=0-4' }).status).toBe(206)
  })

  it('sends one range as 206 with its Content-Range, and 416 for a range past the end', async () => {
    const partial = get({ range: 'bytes=6-' })
    expect(partial.status).toBe(206)
    expect(partial.headers.get('content-range')).toBe('bytes 6-10/11')
    expect(partial.headers.get('content-length')).toBe('5')
    expect(await partial.text()).toBe('world')
    const past = get({ range: 'bytes=50-' })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe('bytes */11')
  })

  it('sends the whole file when If-Range no longer matches, the range when it does', async () => {
    expect(get({ range: 'bytes=0-4', 'if-range': '"stale"' }).status).toBe(200)
    expect(await get({ range: 'bytes=0-4', 'if-range': etag }).text()).toBe('hello')
    expect(get({ range: 'bytes=0-4', 'if-range': new Date(file.mtimeMs).toUTCString() }).status).toBe(206)
  })

  it('tags a compressed representation apart, with its coding and Vary', () => {
    const gzip = get({}, { ...TEXT, coding: 'gzip', vary: true })
    expect(gzip.headers.get('etag')).toBe(`${etag.slice(0, -1)}-gzip"`)
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gzip.headers.get('vary')).toBe('accept-encoding')
  })

  it('answers an empty file with no body', async () => {
    const empty = statSync(emptyPath)
    const response = get({}, TEXT, { path: emptyPath, size: 0, mtimeMs: empty.mtimeMs })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe('0')
    expect(await response.text()).toBe('')
  })
})

describe('plain', () => {
  it('is a text answer with extra headers', async () => {
    const response = plain(405, 'Method Not Allowed', { allow: ALLOW })
    expect(response.status).toBe(405)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('allow')).toBe('GET, HEAD')
    expect(await response.text()).toBe('Method Not Allowed')
  })
})

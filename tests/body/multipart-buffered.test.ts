import { describe, expect, it } from 'vitest'
import { parseBufferedMultipart } from '../../src/body/multipart-buffered'
import { HttpError } from '../../src/exceptions/index'
import { UploadedFile } from '../../src/file/uploaded'

const limits = { bytes: 1 << 20, parts: 1000, files: 100, fileBytes: 1024, fieldBytes: 64 }
const type = 'multipart/form-data; boundary=b'
const bytes = (text: string) => new TextEncoder().encode(text)
const field = (name: string, value: string) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const file = (name: string, filename: string, value: string) =>
  `--b\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n${value}\r\n`

async function status(body: string, overrides: Partial<typeof limits> = {}): Promise<number> {
  try {
    await parseBufferedMultipart(bytes(body), type, 'b', { ...limits, ...overrides })
    return 200
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    return error.status
  }
}

describe('buffered multipart (native parser behind byte and count checks)', () => {
  it('parses fields and files into a null-prototype form, repeated keys as arrays', async () => {
    const form = await parseBufferedMultipart(bytes(field('a', '1') + field('a', '2') + file('f', 'x.txt', 'hi') + field('__proto__', 'p') + '--b--\r\n'), type, 'b', limits)
    expect(Object.getPrototypeOf(form)).toBeNull()
    expect(form?.a).toEqual(['1', '2'])
    expect(form?.f).toBeInstanceOf(UploadedFile)
    expect(await (form?.f as File).text()).toBe('hi')
    expect(Object.keys(form ?? {})).toEqual(['a', 'f'])
  })
  it('skips an unselected file input', async () => {
    const form = await parseBufferedMultipart(bytes(file('f', '', '') + field('n', 'x') + '--b--\r\n'), type, 'b', limits)
    expect(Object.keys(form ?? {})).toEqual(['n'])
  })
  it('refuses a part flood before parsing, and too many files', async () => {
    expect(await status(file('f', 'x', '').repeat(5000) + '--b--\r\n')).toBe(400)
    expect(await status(file('f', 'x', 'a').repeat(3) + '--b--\r\n', { files: 2 })).toBe(400)
  })
  it('bounds each file and each field', async () => {
    expect(await status(file('f', 'x', 'a'.repeat(2000)) + '--b--\r\n')).toBe(413)
    expect(await status(field('n', 'a'.repeat(100)) + '--b--\r\n')).toBe(413)
  })
  it('refuses malformed bodies and bad boundaries with 400', async () => {
    expect(await status('--b\r\nnonsense')).toBe(400)
    await expect(parseBufferedMultipart(bytes('x'), 'multipart/form-data', undefined, limits)).rejects.toMatchObject({ status: 400 })
  })
})

/**
 * `request.FilePathParam({ absolute: true })` (SPEC §2.2):
 * absolute paths served on purpose; `..` segments and NUL stay refused; the
 * default (bare or called without the option) refuses absolute paths as before.
 */
import { describe, expect, it } from 'vitest'
import { Fw, api, request } from 'fw-api'
import { call } from '../helpers/client'

class FilesAPI extends api.API {
  @api.get('abs/{path}', { path: request.FilePathParam({ absolute: true }) })
  abs({ path }: { path: string }) {
    return path
  }

  @api.get('rel/{path}', { path: request.FilePathParam })
  rel({ path }: { path: string }) {
    return path
  }

  @api.get('opt/{path}', { path: request.FilePathParam({ absolute: false, alias: 'path' }) })
  opt({ path }: { path: string }) {
    return path
  }
}

const service = new Fw({ api: FilesAPI })

describe('FilePathParam({ absolute: true })', () => {
  it.each([
    ['/abs//srv/data/a.txt', '/srv/data/a.txt'],
    ['/abs/%2fsrv%2fdata', '/srv/data'],
    ['/abs/%5c%5cserver%5cshare', '\\\\server\\share'],
    ['/abs/C:%5cwindows', 'C:\\windows'],
    ['/abs/relative/too.md', 'relative/too.md'],
  ])('%s → 200 %s', async (path, value) => {
    expect(await call(service, `GET ${path}`)).toMatchObject({ status: 200, body: value })
  })

  it.each(['/abs//srv/..%2fetc%2fpasswd', '/abs/%2fsrv%2f..%2f..', '/abs//srv/a%00.txt', '/abs/C:%5c..%5cx'])('%s → 400 (still refused)', async (path) => {
    const result = await call(service, `GET ${path}`)
    expect(result.status).toBe(400)
    expect(result.text).toContain('unsafe file path')
  })

  it.each(['/rel//srv/a.txt', '/rel/%2fsrv', '/rel/C:%5cx', '/opt//srv/a.txt', '/opt/%5c%5cserver'])('the default refuses absolute paths: %s → 400', async (path) => {
    const result = await call(service, `GET ${path}`)
    expect(result.status).toBe(400)
    expect(result.text).toContain('an absolute path')
  })

  it('bare FilePathParam still serves relative paths', async () => {
    expect(await call(service, 'GET /rel/a/b/README.md')).toMatchObject({ status: 200, body: 'a/b/README.md' })
  })
})

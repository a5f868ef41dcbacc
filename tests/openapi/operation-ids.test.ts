/**
 * operationIds stay unique when two routes would get the same one (src/openapi/document.ts):
 * the first keeps it, every later one takes its HTTP method as a suffix.
 */
import 'fw-api/openapi'
import { describe, expect, it } from 'vitest'
import { Fw, api } from 'fw-api'

@api.route('/same')
class ReadAPI extends api.API {
  @api.get
  list() {
    return 'read'
  }
}

@api.route('/same')
class WriteAPI extends api.API {
  @api.post
  list() {
    return 'write'
  }
}

@api.route('/same')
class WriteAgainAPI extends api.API {
  @api.put
  list() {
    return 'write again'
  }
}

@api.route('/same')
class PatchAPI extends api.API {
  @api.patch
  list() {
    return 'patch'
  }
}

class RootAPI extends api.API {
  static read = ReadAPI
  static write = WriteAPI
  static again = WriteAgainAPI
  static patched = PatchAPI
}

describe('operationIds on a clash', () => {
  it('keeps the first and suffixes each later one with its method', () => {
    const document = new Fw(import.meta.url, { api: RootAPI, route: '/api' }).openapi()
    const item = document.paths['/api/same/list'] ?? {}
    expect(Object.fromEntries(Object.entries(item).map(([method, operation]) => [method, operation.operationId]))).toEqual({
      get: 'same.list',
      post: 'same.list.post',
      put: 'same.list.put',
      patch: 'same.list.patch',
    })
  })
})

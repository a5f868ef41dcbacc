/** fw with zod or arktype schemas (SPEC §3.6): the same endpoints as bench/apps/fw.ts for E0, E1, E3/E5. */
import { api, Fw, request, response } from 'fw-api'
import { results, type CreateUserInput } from '../schemas'
import { arkCreateUser, arkItemsQuery, zodCreateUser, zodItemsQuery } from '../schemas-standard'

class Envelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}

const libraries = {
  zod: { query: zodItemsQuery, user: zodCreateUser },
  arktype: { query: arkItemsQuery, user: arkCreateUser },
}

/** `count` extra endpoints (as in bench/apps/fw.ts), declared programmatically and mounted first. */
function extraAPI(count: number): typeof api.API {
  class ExtraAPI extends api.API {}
  const proto = ExtraAPI.prototype as unknown as Record<string, unknown>
  for (let index = 0; index < count; index++) {
    const name = `extra${index}`
    const isParam = index % 2 === 1
    const staticPath = `/extra${index}/list`
    const method = isParam ? (input: { id: string }) => ({ id: input.id }) : () => staticPath
    Object.defineProperty(proto, name, { value: method, writable: true, configurable: true, enumerable: false })
    const decorate = api.get(isParam ? `extra${index}/{id}` : `extra${index}/list`) as unknown as (target: object, key: string, descriptor: PropertyDescriptor) => void
    decorate(proto, name, Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor)
  }
  return ExtraAPI
}

/** The fw app with the given library's schemas. */
export function createFwStandard(library: keyof typeof libraries, extra = 100): Fw {
  const schemas = libraries[library]
  class RootAPI extends api.API {
    static response = Envelope
    static extra = api.mount(extraAPI(extra), '/')

    @api.get('/')
    ping() {
      return results.ping()
    }

    @api.get({ query: request.Query(schemas.query) })
    items({ query }: { query: { page: number; limit: number } }) {
      return results.items(query)
    }

    @api.post('users', { user: request.Body(schemas.user) })
    createUser({ user }: { user: CreateUserInput }) {
      return results.created(user)
    }
  }
  return new Fw(import.meta.url, { api: RootAPI })
}

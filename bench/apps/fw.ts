/** The fw app: the same endpoints as the floor and Hono, declared as an API class. */
import { api, file, Fw, request, response } from 'fw-api'
import * as v from 'valibot'
import { CreateUser, extraRoutes, ItemsQuery, results, uploadSchema, USER_ID, type CreateUserInput } from '../schemas'

class Envelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}

const Upload = uploadSchema(file.File)

/** `count` extra endpoints, declared programmatically (legacy decorator calls) and mounted first. */
function extraAPI(count: number): typeof api.API {
  class ExtraAPI extends api.API {}
  const proto = ExtraAPI.prototype as unknown as Record<string, unknown>
  extraRoutes(count).forEach((route, index) => {
    const name = `extra${index}`
    const method = route.param ? function (this: api.API, input: { id: string }) { return { id: input.id } } : function () { return route.path }
    Object.defineProperty(proto, name, { value: method, writable: true, configurable: true, enumerable: false })
    const decorate = api.get(route.template) as unknown as (target: object, key: string, descriptor: PropertyDescriptor) => void
    decorate(proto, name, Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor)
  })
  return ExtraAPI
}

export function createFw(extra = 100): Fw {
  class RootAPI extends api.API {
    static response = Envelope
    static extra = api.mount(extraAPI(extra), '/')

    @api.get('/')
    ping() {
      return results.ping()
    }

    @api.get({ query: request.Query(ItemsQuery) })
    items({ query }: { query: { page: number; limit: number } }) {
      return results.items(query)
    }

    @api.get('users/{id}', { id: request.PathParam({ regex: USER_ID }) })
    getUser({ id }: { id: string }) {
      return results.user(id)
    }

    @api.post('users', { user: request.Body(CreateUser) })
    createUser({ user }: { user: CreateUserInput }) {
      return results.created(user)
    }

    @api.post({ form: request.Body(Upload) })
    upload({ form }: { form: { title: string; file: File } }) {
      return results.uploaded(form)
    }
  }
  return new Fw(import.meta.url, { api: RootAPI })
}

/**
 * Every place that takes a schema, written with zod and with arktype (SPEC
 * §3.6): wire names inside their objects (`Field.alias`, zod's
 * `.meta({ alias })`), `request.Headers/Cookies/Query/Body`, files next to
 * text fields in a multipart form, a template's `static result` and
 * `{ doc: { result } }`. Read by tests/schema/standard-places.test.ts.
 */
import { type } from 'arktype'
import { z } from 'zod'
import { Field, Fw, api, file, request, response } from 'fw-api'

/** The same declarations in both libraries: the same answers expected. */
const zodPlaces = {
  headers: z.object({
    authToken: z.string().length(4).meta(Field.alias('X-Auth-Token')),
    traceId: z.string().optional(),
  }),
  cookies: z.object({ sid: z.string().meta({ alias: 'session-id' }), n: z.number().int() }),
  query: z.object({ pageSize: z.number().int().min(1).meta(Field.alias('page-size')) }),
  body: z.object({ userName: z.string().min(1).meta(Field.alias('user-name')), age: z.number().int() }),
  upload: z.object({ name: z.string(), avatar: z.file() }),
  avatar: z.file(),
  name: z.string(),
}
const arkPlaces = {
  headers: type({ authToken: type('string == 4').configure(Field.alias('X-Auth-Token')), 'traceId?': 'string' }),
  cookies: type({ sid: type('string').configure(Field.alias('session-id')), n: 'number.integer' }),
  query: type({ pageSize: type('number.integer >= 1').configure(Field.alias('page-size')) }),
  body: type({ userName: type('string >= 1').configure(Field.alias('user-name')), age: 'number.integer' }),
  upload: type({ name: 'string', avatar: type.instanceOf(File) }),
  avatar: type.instanceOf(File),
  name: type('string'),
}

function placesAPI(schemas: typeof zodPlaces | typeof arkPlaces) {
  return class PlacesAPI extends api.API {
    headers = api.get({ head: request.Headers(schemas.headers) }, ({ head }) => head)
    cookies = api.get({ jar: request.Cookies(schemas.cookies) }, ({ jar }) => jar)
    query = api.get({ query: request.Query(schemas.query) }, ({ query }) => query)
    body = api.post({ user: request.Body(schemas.body) }, ({ user }) => user)
    upload = api.post({ form: request.Body(schemas.upload) }, ({ form }) => ({
      name: form.name,
      file: form.avatar.name,
      size: form.avatar.size,
    }))
    fields = api.post(
      { avatar: request.BodyParam(schemas.avatar), name: request.BodyParam(schemas.name) },
      ({ avatar, name }) => ({ name, file: avatar.name, size: avatar.size }),
    )
    /** fw's own file schema (valibot) next to a text field of the other library */
    mixed = api.post({ avatar: request.BodyParam(file.Image), name: request.BodyParam(schemas.name) }, ({ avatar, name }) => ({
      name,
      size: avatar.size,
    }))
  }
}

/** A result described by its output side: `tags` has a default, so the output always has it. */
export const ZodNote = z.object({ id: z.number().int(), tags: z.array(z.string()).default([]) })
export const ArkNote = type({ id: 'number.integer', tags: type('string[]').default(() => []) })

class ZodEnvelope extends response.Response {
  static resultKey = 'data'
  static result = ZodNote
}
class ArkEnvelope extends response.Response {
  static resultKey = 'data'
  static result = ArkNote
}

class ZodResultAPI extends api.API {
  static response = ZodEnvelope
  note = api.get({ id: z.number().int() }, ({ id }) => ({ id, tags: [] as string[] }))
  /** a result that does not match the template's schema: a 500 in `debug` mode */
  wrong = api.get({}, () => ({ id: 'x' }))
  listed = api.get({}, () => [1, 2], { doc: { result: z.array(z.number().int()).max(10) } })
}
class ArkResultAPI extends api.API {
  static response = ArkEnvelope
  note = api.get({ id: type('number.integer') }, ({ id }) => ({ id, tags: [] as string[] }))
  wrong = api.get({}, () => ({ id: 'x' }))
  listed = api.get({}, () => [1, 2], { doc: { result: type('number.integer[] <= 10') } })
}

class RootAPI extends api.API {
  static zod = placesAPI(zodPlaces)
  static arktype = placesAPI(arkPlaces)
  static zodResult = ZodResultAPI
  static arkResult = ArkResultAPI
}

export const service = new Fw(import.meta.url, { name: 'standard-places', api: RootAPI })
export const debugService = new Fw(import.meta.url, { name: 'standard-places-debug', api: RootAPI, debug: true })

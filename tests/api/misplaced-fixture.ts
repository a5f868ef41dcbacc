/**
 * Decorators in the wrong place and params that are not schemas. Each `@ts-expect-error` marks what TypeScript already refuses (with
 * a branded type naming what is expected, see misplaced.test.ts); every class
 * is refused again when a service is built, under either decorator standard.
 */
import * as v from 'valibot'
import { api, plugins, request } from 'fw-api'

export class FieldEndpoint extends api.API {
  // @ts-expect-error: an endpoint is a method, not a field
  @api.get
  list = () => []
}

export class StaticEndpoint extends api.API {
  // @ts-expect-error: an endpoint is an instance method
  @api.get({ id: v.number() })
  static item({ id }: { id: number }) {
    return id
  }
}

export class GetterEndpoint extends api.API {
  // @ts-expect-error: a getter is not a method
  @api.get
  get count() {
    return 1
  }
}

export class RouteOnMethod extends api.API {
  // @ts-expect-error: @api.route goes on the class
  @api.route('items')
  items() {
    return []
  }
}

export class PluginOnMethod extends api.API {
  // @ts-expect-error: @api.plugin goes on the class
  @api.plugin(new plugins.RequestId())
  @api.get
  items() {
    return []
  }
}

export class WrongInput extends api.API {
  // @ts-expect-error: the method must accept { id: number }
  @api.get({ id: v.number() })
  item({ id }: { id: string }) {
    return id
  }
}

export class HookOnField extends api.API {
  @api.get
  items() {
    return []
  }

  // @ts-expect-error: a hook is a method
  @api.before('*')
  check = () => undefined
}

export class CastBody extends api.API {
  @api.post({ data: request.Body({ title: v.string() } as unknown as v.GenericSchema) })
  create() {
    return 1
  }
}

export class CastQuery extends api.API {
  @api.get({ query: request.Query({ page: v.number() } as unknown as v.GenericSchema) })
  list() {
    return 1
  }
}

export class ShapeAsOptions extends api.API {
  @api.post({ title: request.BodyParam({ title: v.string() } as unknown as v.GenericSchema) })
  create() {
    return 1
  }
}

export class SchemaAsParams extends api.API {
  @api.get(v.object({ id: v.number() }) as unknown as api.Params)
  item() {
    return 1
  }
}

export class CastParam extends api.API {
  @api.get({ id: { type: 'number' } as unknown as v.GenericSchema })
  item() {
    return 1
  }
}

export class CastCommon extends api.API {
  @request.HeaderParam({ alias: 'X-Token', schema: v.string() } as unknown as { alias: string }) token!: string
  @api.get
  item() {
    return 1
  }
}

export class Fine extends api.API {
  @api.get({ id: v.number() })
  item({ id }: { id: number }) {
    return id
  }
}

/** A misplaced decorator in a mounted sub-API is found too. */
export class Parent extends api.API {
  static sub = FieldEndpoint
}

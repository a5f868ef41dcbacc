/**
 * Type errors fw must report under either decorator setting (SPEC §2: the
 * method's parameter type is checked against `params`). Type-checked by
 * legacy.test.ts; every `@ts-expect-error` must be used.
 */
import * as v from 'valibot'
import { api, file, request } from 'fw-api'

export class Mismatch extends api.API {
  // @ts-expect-error id is a number, not a string
  @api.get({ id: v.number() })
  wrongType({ id }: { id: string }) {
    return id
  }

  // @ts-expect-error `other` is not declared
  @api.get({ id: v.number() })
  undeclared({ id, other }: { id: number; other: string }) {
    return [id, other]
  }

  // @ts-expect-error the bare form declares nothing
  @api.get
  bare({ id }: { id: number }) {
    return id
  }

  // @ts-expect-error template params are strings
  @api.get('{id}')
  template({ id }: { id: number }) {
    return id
  }

  // @ts-expect-error a cookie with a null default may be null
  @api.get({ c: request.CookieParam({ default: null }) })
  cookie({ c }: { c: string }) {
    return c
  }

  // @ts-expect-error the body is a file
  @api.post({ img: request.Body(file.Image) })
  upload({ img }: { img: string }) {
    return img
  }

  @api.get('{slug}', { slug: request.SlugPathParam })
  fine({ slug }: { slug: string }) {
    return slug
  }
}

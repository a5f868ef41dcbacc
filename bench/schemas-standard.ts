/**
 * The zod and arktype schemas of the Standard Schema rows (issue #39 item 8): the same rules as
 * bench/schemas.ts's valibot ones for E1 (query), E3 (JSON body) and E5 (invalid body).
 * fw converts query strings before validating (SPEC §3.1, §3.6), so it takes `zodItemsQuery` as is;
 * Hono and Elysia receive strings and coerce inside the schema (`zodItemsQueryCoerced`), as their docs show.
 */
import { type } from 'arktype'
import { z } from 'zod'

const zodPage = z.number().int().min(1)
const zodLimit = z.number().int().min(1).max(100)

/** E1 `GET /items?page=2&limit=50` for fw: integers (fw converts the wire strings). */
export const zodItemsQuery = z.object({ page: zodPage, limit: zodLimit })

/** E1 for Hono and Elysia: the same rules, coerced from the query's strings inside the schema. */
export const zodItemsQueryCoerced = z.object({ page: z.coerce.number().pipe(zodPage), limit: z.coerce.number().pipe(zodLimit) })

/**
 * E3/E5 `POST /users`: the 5-field JSON body. The email's message is zod's own error option giving
 * fw's words (fw says every library's refusals in one text, SPEC §3.6), so Hono and Elysia answer
 * the same bytes with zod's message as it is.
 */
export const zodCreateUser = z.object({
  name: z.string().min(1).max(64),
  email: z.email({ error: (issue) => `Invalid email: Received ${JSON.stringify(issue.input)}` }),
  age: z.number().int().min(0).max(150),
  admin: z.boolean(),
  tags: z.array(z.string()).max(10),
})

/** E1 in arktype (fw converts the wire strings). */
export const arkItemsQuery = type({ page: 'number.integer >= 1', limit: '1 <= number.integer <= 100' })

/** E3/E5 in arktype. */
export const arkCreateUser = type({
  name: '1 <= string <= 64',
  email: 'string.email',
  age: '0 <= number.integer <= 150',
  admin: 'boolean',
  tags: 'string[] <= 10',
})

/** A Standard Schema issue's path as item names (`{ key }` segments read too). */
function issueKeys(path: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined): (string | number)[] {
  return (path ?? []).map((segment) => {
    const key = typeof segment === 'object' ? segment.key : segment
    return typeof key === 'number' ? key : String(key)
  })
}

/** fw's 400 message for a Standard Schema failure (SPEC §3.6), as the Hono and Elysia apps reproduce it. */
export function standardBadMessage(param: string, issue: { path?: readonly (PropertyKey | { readonly key: PropertyKey })[]; message: string }): string {
  let out = `BadRequest: parse item: ['${param}'] failed: `
  for (const key of issueKeys(issue.path)) out += `parse item: [${typeof key === 'number' ? key : `'${key}'`}] failed: `
  return out + issue.message
}

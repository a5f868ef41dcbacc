/**
 * The user id of `auth.User`: as its primary key column holds it, and as a request's
 * credentials name it once checked.
 */
import type { Column } from 'drizzle-orm'

/** A user id as the primary key column holds it; undefined when it cannot be one. */
export function idConverter(column: Column): (id: unknown) => unknown {
  if (column.dataType === 'number')
    return (id) =>
      typeof id === 'number' && Number.isSafeInteger(id)
        ? id
        : typeof id === 'string' && /^-?\d{1,15}$/.test(id)
          ? Number(id)
          : undefined
  if (column.dataType === 'bigint')
    return (id) =>
      typeof id === 'bigint'
        ? id
        : typeof id === 'string' && /^-?\d{1,19}$/.test(id)
          ? BigInt(id)
          : undefined
  return (id) =>
    typeof id === 'string' && id.length <= 512
      ? id
      : typeof id === 'number'
        ? String(id)
        : undefined
}

/** A request's checked credentials: the user id, and the row when the scheme gave it. */
export interface Verified<R> {
  id: unknown
  user?: R
}

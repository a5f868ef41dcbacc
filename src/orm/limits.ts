/**
 * The bounds' defaults and their option check, apart from write-plan.ts (where they are checked)
 * so that database.ts can check its options without importing the write path.
 */
import { ImproperlyConfigured } from '../exceptions'

/** The default `max` of a written relation's input list (`orm.Field(path, { max })`). */
export const LIST_MAX = 1000
/** The default budget of rows one `save` / `bulkSave` writes (`maxWriteRows`): the rows, their nested rows and key-list items. */
export const WRITE_ROWS = 10_000

/** What bounds one write: its row budget and, when set, its transaction's time bound in ms. */
export interface WriteLimits {
  maxRows: number
  transactionTimeout?: number
}

/** Refuse a `maxWriteRows` / `transactionTimeout` option that is not a positive integer. */
export function checkLimit(where: string, name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value > 0))
    throw new ImproperlyConfigured(
      `${where}: ${name} must be a positive integer (got ${String(value)})`,
    )
}

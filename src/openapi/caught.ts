/** What an `@api.handle` hook's error classes say it catches, for the document (openapi/routes.ts). */
import { HttpError } from '../exceptions'

/** The statuses a hook's error classes stand for (`undefined`: every error — none given, or a base class). */
export function caughtStatuses(errors: readonly Function[] | undefined): Set<number> | undefined {
  if (!errors?.length) return undefined
  const statuses = new Set<number>()
  for (const cls of errors) {
    const status = (cls as { status?: unknown }).status
    if (cls === Error || cls === HttpError || typeof status !== 'number') return undefined
    statuses.add(status)
  }
  return statuses
}

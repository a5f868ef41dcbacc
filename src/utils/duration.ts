/**
 * Durations as options take them: milliseconds, or a number and a unit
 * (`'500ms'`, `'30s'`, `'1m'`, `'1h'`, `'1d'`) — the one parser of fw's
 * duration options (the `timeout` deadline; plugins with windows and ages).
 */
import { throwImproperlyConfigured } from '../exceptions/configured'

const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
}
const DURATION = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/

/**
 * `value` in milliseconds: a positive number as is, a string with its unit
 * converted. Anything else (`0`, a negative or non-finite number, `'30'`,
 * `'1 week'`) is `ImproperlyConfigured`, naming `where`.
 *
 * @example
 * durationMs('30s', 'timeout') // 30000
 * durationMs(250, 'timeout') // 250
 */
export function durationMs(value: number | string, where: string): number {
  // no match: NaN (the amount undefined)
  const [, amount, unit = ''] = (typeof value === 'string' && DURATION.exec(value)) || []
  const ms = typeof value === 'number' ? value : Number(amount) * (UNIT_MS[unit] ?? Number.NaN)
  if (!Number.isFinite(ms) || ms <= 0)
    throwImproperlyConfigured(
      `${where}: ${JSON.stringify(value)} is no duration; give a positive number of milliseconds or a string like '30s', '500ms', '1m'`,
    )
  return ms
}

/** A deadline as the `timeout` option, `static timeout` and `@api.timeout` take it: a duration, or `false` for none. */
export type Deadline = number | string | false

/**
 * A deadline option in milliseconds, `false` when turned off, `undefined` when
 * not given (the next level's applies).
 *
 * @example
 * deadlineMs('2s', 'ReportAPI.timeout') // 2000
 * deadlineMs(false, 'timeout') // false
 */
export function deadlineMs(value: unknown, where: string): number | false | undefined {
  if (value === undefined || value === false) return value
  if (typeof value === 'number' || typeof value === 'string') return durationMs(value, where)
  throwImproperlyConfigured(
    `${where}: give milliseconds, a duration string like '30s', or false (no deadline)`,
  )
}

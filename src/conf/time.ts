import { SelfInstalling, type ServiceHooks } from '../api/install'
import { compileStrftime, utcWall, zonedWall, type Formatter, type WallTime } from './strftime'

/**
 * Options of `conf.Time`.
 *
 * @example
 * service.use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
 */
export interface TimeOptions {
  /** strftime pattern for dates in responses; default ISO 8601 */
  datetimeFormat?: string
  /** print the UTC offset in the default ISO format (default true); `false` prints none */
  useTz?: boolean
  /** IANA zone dates are shown in (default UTC) */
  timeZone?: string
}

/**
 * How dates are written in responses. Apply with `service.use(conf.Time(...))`.
 *
 * @example
 * service.use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
 * // a returned Date → "2025-04-15 16:38:30"
 */
export class Time extends SelfInstalling<ServiceHooks> {
  readonly datetimeFormat: string | undefined
  readonly useTz: boolean
  readonly timeZone: string
  readonly #formatter: Formatter
  readonly #wall: (date: Date) => WallTime

  constructor(options: TimeOptions = {}) {
    super()
    this.datetimeFormat = options.datetimeFormat
    this.useTz = options.useTz ?? true
    this.timeZone = options.timeZone ?? 'UTC'
    const iso = '%Y-%m-%dT%H:%M:%S.%f' // ms precision: the last 3 digits of %f are cut below
    const base = compileStrftime(this.datetimeFormat ?? iso)
    const isoSuffix = !this.datetimeFormat && this.useTz
    this.#formatter = isoSuffix
      ? (wall, zone) => base(wall, zone).slice(0, -3) + isoOffset(wall.offsetMinutes)
      : this.datetimeFormat
        ? base
        : (wall, zone) => base(wall, zone).slice(0, -3)
    this.#wall = this.timeZone === 'UTC' ? utcWall : zonedWall(this.timeZone)
  }

  /** Format one date with this configuration. */
  format(date: Date): string {
    if (Number.isNaN(date.getTime())) return 'Invalid Date'
    return this.#formatter(this.#wall(date), this.timeZone)
  }

  /** Called by `service.use(time)`: results are serialised with {@link Time.stringify}. */
  protected installInto(service: ServiceHooks): void {
    service.setStringify((value) => this.stringify(value))
  }

  /** `JSON.stringify` that writes every `Date` with this configuration. */
  stringify(value: unknown): string {
    const time = this
    return JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
      const raw = this[key]
      return raw instanceof Date ? time.format(raw) : replaced
    })
  }
}

function isoOffset(minutes: number): string {
  if (minutes === 0) return 'Z'
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

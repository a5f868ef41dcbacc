/** Calendar fields of an instant in some time zone. */
export interface WallTime {
  year: number
  month: number // 1-12
  day: number
  hour: number
  minute: number
  second: number
  millisecond: number
  weekday: number // 0 = Sunday
  offsetMinutes: number // wall time minus UTC
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

const pad = (value: number, width = 2): string => String(value).padStart(width, '0')

function dayOfYear(wall: WallTime): number {
  return (
    Math.round(
      (Date.UTC(wall.year, wall.month - 1, wall.day) - Date.UTC(wall.year, 0, 1)) / 86_400_000,
    ) + 1
  )
}

function offset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ':' : ''}${pad(abs % 60)}`
}

type FormatPiece = string | ((wall: WallTime, zoneName: string) => string)

const DIRECTIVES: Record<string, FormatPiece> = {
  Y: (wall) => String(wall.year),
  y: (wall) => pad(wall.year % 100),
  m: (wall) => pad(wall.month),
  d: (wall) => pad(wall.day),
  e: (wall) => String(wall.day).padStart(2, ' '),
  H: (wall) => pad(wall.hour),
  I: (wall) => pad(wall.hour % 12 || 12),
  p: (wall) => (wall.hour < 12 ? 'AM' : 'PM'),
  M: (wall) => pad(wall.minute),
  S: (wall) => pad(wall.second),
  f: (wall) => pad(wall.millisecond * 1000, 6),
  z: (wall) => offset(wall.offsetMinutes, false),
  Z: (_wall, zone) => zone,
  a: (wall) => (DAYS[wall.weekday] as string).slice(0, 3),
  A: (wall) => DAYS[wall.weekday] as string,
  b: (wall) => (MONTHS[wall.month - 1] as string).slice(0, 3),
  B: (wall) => MONTHS[wall.month - 1] as string,
  j: (wall) => pad(dayOfYear(wall), 3),
  '%': '%',
}

/** A compiled strftime pattern: parse once, format many. */
export type Formatter = (wall: WallTime, zoneName: string) => string

/**
 * Compile a strftime-style pattern (`%Y %m %d %H %M %S %f %z %Z %a %b %j %%` and a few more).
 *
 * @example
 * compileStrftime('%Y-%m-%d %H:%M:%S')
 */
export function compileStrftime(pattern: string): Formatter {
  const pieces: FormatPiece[] = []
  let literal = ''
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string
    const directive = char === '%' ? DIRECTIVES[pattern[index + 1] ?? ''] : undefined
    if (directive === undefined) {
      literal += char
      continue
    }
    index++
    if (typeof directive === 'string') {
      literal += directive
      continue
    }
    if (literal) pieces.push(literal)
    literal = ''
    pieces.push(directive)
  }
  if (literal) pieces.push(literal)
  return (wall, zone) => {
    let out = ''
    for (const piece of pieces) out += typeof piece === 'string' ? piece : piece(wall, zone)
    return out
  }
}

/** Wall-clock fields of `date` in UTC. */
export function utcWall(date: Date): WallTime {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
    weekday: date.getUTCDay(),
    offsetMinutes: 0,
  }
}

/** A function giving wall-clock fields of a date in an IANA time zone (formatter built once). */
export function zonedWall(timeZone: string): (date: Date) => WallTime {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
  return (date) => {
    const fields: Record<string, number> = {}
    for (const part of format.formatToParts(date))
      if (part.type !== 'literal') fields[part.type] = Number(part.value)
    const wallMs = Date.UTC(
      fields.year ?? 1970,
      (fields.month ?? 1) - 1,
      fields.day ?? 1,
      fields.hour ?? 0,
      fields.minute ?? 0,
      fields.second ?? 0,
    )
    const utcMs = date.getTime() - date.getUTCMilliseconds()
    const wall = utcWall(new Date(wallMs))
    wall.millisecond = date.getUTCMilliseconds()
    wall.offsetMinutes = Math.round((wallMs - utcMs) / 60_000)
    return wall
  }
}

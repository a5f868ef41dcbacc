/**
 * IP addresses and CIDR ranges for `trustProxy` (docs/proxy-and-limits.md): IPv4, IPv6 (`::`
 * compression, an IPv4 tail, a zone), IPv4-mapped IPv6. Every address is held as its eight
 * 16-bit groups, IPv4 as its IPv4-mapped form, so `10.0.0.0/8` also matches `::ffff:10.1.2.3`.
 */

/** Eight 16-bit groups. */
export type AddressGroups = readonly number[]

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/

/** The four bytes of a dotted IPv4 address, or undefined. */
function ipv4Bytes(text: string): number[] | undefined {
  const parts = IPV4.exec(text)
  if (parts === null) return undefined
  const bytes = parts.slice(1).map(Number)
  return bytes.every((byte) => byte <= 255) ? bytes : undefined
}

/** The groups of `a:b:…` (an IPv4 tail as two groups), or undefined. */
function hexGroups(text: string, tailAllowed: boolean): number[] | undefined {
  if (text === '') return []
  const parts = text.split(':')
  const groups: number[] = []
  for (const [index, part] of parts.entries()) {
    if (tailAllowed && index === parts.length - 1 && part.includes('.')) {
      const bytes = ipv4Bytes(part)
      if (bytes === undefined) return undefined
      const [a = 0, b = 0, c = 0, d = 0] = bytes
      groups.push((a << 8) | b, (c << 8) | d)
    } else if (HEX_GROUP.test(part)) groups.push(Number.parseInt(part, 16))
    else return undefined
  }
  return groups
}

/**
 * The groups of an IP address (IPv4 as IPv4-mapped IPv6; a zone `%eth0` ignored), or undefined
 * when `text` is not one.
 *
 * @example
 * addressGroups('10.1.2.3') // [0, 0, 0, 0, 0, 0xffff, 0x0a01, 0x0203]
 * addressGroups('unknown') // undefined
 */
export function addressGroups(text: string): AddressGroups | undefined {
  if (text.length > 45) return undefined
  const v4 = ipv4Bytes(text)
  if (v4 !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = v4
    return [0, 0, 0, 0, 0, 0xffff, (a << 8) | b, (c << 8) | d]
  }
  const zone = text.indexOf('%')
  const address = zone < 0 ? text : text.slice(0, zone)
  const gap = address.indexOf('::')
  if (gap < 0) {
    const groups = hexGroups(address, true)
    return groups?.length === 8 ? groups : undefined
  }
  if (address.indexOf('::', gap + 1) >= 0) return undefined
  const head = hexGroups(address.slice(0, gap), false)
  const tail = hexGroups(address.slice(gap + 2), true)
  if (head === undefined || tail === undefined || head.length + tail.length > 7) return undefined
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail]
}

/** A CIDR range: its groups and how many leading bits count. */
export interface AddressRange {
  groups: AddressGroups
  bits: number
}

/** Is `address` in `range`? */
export function inRange(address: AddressGroups, range: AddressRange): boolean {
  let bits = range.bits
  for (let index = 0; index < 8 && bits > 0; index++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff
    if (((address[index] ?? 0) & mask) !== ((range.groups[index] ?? 0) & mask)) return false
  }
  return true
}

/**
 * The range `text` names: an address (`10.0.0.1`, `::1`) or a CIDR (`10.0.0.0/8`,
 * `fd00::/8`, `::ffff:10.0.0.0/104`; an IPv4 prefix counts IPv4 bits); undefined if it is neither.
 *
 * @example
 * addressRange('10.0.0.0/8') // { groups: [0, 0, 0, 0, 0, 0xffff, 0x0a00, 0], bits: 104 }
 */
export function addressRange(text: string): AddressRange | undefined {
  const slash = text.indexOf('/')
  const address = slash < 0 ? text : text.slice(0, slash)
  const groups = addressGroups(address)
  if (groups === undefined) return undefined
  const ipv4 = ipv4Bytes(address) !== undefined
  if (slash < 0) return { groups, bits: 128 }
  const prefix = text.slice(slash + 1)
  if (!/^\d{1,3}$/.test(prefix)) return undefined
  const bits = Number(prefix)
  if (bits > (ipv4 ? 32 : 128)) return undefined
  return { groups, bits: ipv4 ? 96 + bits : bits }
}

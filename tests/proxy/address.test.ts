/**
 * src/proxy/address.ts: IP addresses and CIDR ranges as eight 16-bit groups — IPv4, IPv6 with
 * `::`, an IPv4 tail, a zone; IPv4 as IPv4-mapped IPv6 — and range membership.
 */
import { describe, expect, it } from 'vitest'
import { addressGroups, addressRange, inRange } from '../../src/proxy/address'

const groupsOf = (text: string): readonly number[] => {
  const groups = addressGroups(text)
  if (!groups) throw new Error(`${text} is no address`)
  return groups
}

describe('addressGroups', () => {
  it('reads IPv4 as IPv4-mapped IPv6', () => {
    expect(addressGroups('192.168.1.10')).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc0a8, 0x010a])
    expect(addressGroups('::ffff:192.168.1.10')).toEqual(addressGroups('192.168.1.10'))
  })

  it('reads IPv6 with and without `::`, in any case, with a zone', () => {
    expect(addressGroups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1])
    expect(addressGroups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
    expect(addressGroups('2001:DB8::8:800:200C:417A')).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a])
    expect(addressGroups('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1])
    expect(addressGroups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(addressGroups('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x0102, 0x0304])
  })

  it('refuses what is no address', () => {
    for (const bad of ['', '256.1.1.1', '1.2.3', '1.2.3.4.5', '01234::', '1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', ':::', '1::2:3:4:5:6:7:8', 'g::1', '1.2.3.4::', 'localhost', ' 1.2.3.4', `${'1:'.repeat(30)}1`])
      expect(addressGroups(bad), bad).toBeUndefined()
  })
})

describe('addressRange / inRange', () => {
  it('reads IPv4 CIDRs against mapped addresses', () => {
    const range = addressRange('10.0.0.0/8')
    expect(range?.bits).toBe(104)
    if (!range) return
    expect(inRange(groupsOf('10.20.30.40'), range)).toBe(true)
    expect(inRange(groupsOf('11.0.0.1'), range)).toBe(false)
    expect(inRange(groupsOf('::ffff:10.1.1.1'), range)).toBe(true)
  })

  it('reads IPv6 CIDRs with a prefix that cuts inside a group', () => {
    const range = addressRange('fd00::/7')
    if (!range) throw new Error('no range')
    expect(inRange(groupsOf('fd12::1'), range)).toBe(true)
    expect(inRange(groupsOf('fc00::1'), range)).toBe(true)
    expect(inRange(groupsOf('fe00::1'), range)).toBe(false)
  })

  it('makes a lone address a range of itself, and /0 a range of everything', () => {
    const one = addressRange('192.0.2.1')
    if (!one) throw new Error('no range')
    expect(one.bits).toBe(128)
    expect(inRange(groupsOf('192.0.2.1'), one)).toBe(true)
    expect(inRange(groupsOf('192.0.2.2'), one)).toBe(false)
    const all = addressRange('::/0')
    if (!all) throw new Error('no range')
    expect(inRange(groupsOf('8.8.8.8'), all)).toBe(true)
  })

  it('refuses a prefix too long for its family, or not a number', () => {
    for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/x', '10.0.0.0/1234', 'nope/8']) expect(addressRange(bad), bad).toBeUndefined()
    expect(addressRange('10.0.0.0/32')?.bits).toBe(128)
  })
})

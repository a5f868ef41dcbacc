import { afterEach, describe, expect, it, vi } from 'vitest'
import { dirWith, requirement, which } from './requires'

describe('requirement', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })

  it('is undefined when the program was found', () => {
    expect(requirement('sh', which('sh'), 'always there')).toBeUndefined()
  })

  it('skips with one printed line saying how to enable the tests', () => {
    vi.stubEnv('FW_REQUIRE_SERVICES', '')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const reason = requirement('no-such-program-here', which('no-such-program-here'), 'apt-get install it')
    expect(reason).toBe('skipped: no no-such-program-here — apt-get install it')
    requirement('no-such-program-here', undefined, 'apt-get install it')
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('fails instead when FW_REQUIRE_SERVICES=1 (as .ci/run sets it)', () => {
    vi.stubEnv('FW_REQUIRE_SERVICES', '1')
    expect(() => requirement('another-missing-program', undefined, 'install it')).toThrow(/required here \(FW_REQUIRE_SERVICES=1\): install it/)
  })
})

describe('dirWith', () => {
  it('finds the first directory holding every file', () => {
    expect(dirWith([undefined, '/nonexistent', '/bin'], ['sh'])).toBe('/bin')
    expect(dirWith(['/bin'], ['sh', 'no-such-file'])).toBeUndefined()
  })
})

/**
 * The lock of the run's one tsup build (tests/helpers/dist.ts): the first worker takes it, the
 * others wait — also in a fresh checkout, where the folder the build goes in does not exist yet
 * (a lock that could not be made there used to read as another worker's, and the file waited
 * for a build nobody was making).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { takeBuild } from './dist'

let base = ''

afterEach(async () => {
  if (base) await rm(base, { recursive: true, force: true })
})

describe('takeBuild', () => {
  it('is taken by the first caller even when the folder of the build does not exist yet', async () => {
    base = await mkdtemp(join(tmpdir(), 'fw-dist-lock-'))
    const dir = join(base, 'not-made-yet', 'dist-1')
    expect(await takeBuild(dir)).toBe(true)
    expect((await stat(`${dir}.lock`)).isDirectory()).toBe(true)
  })

  it('is refused to a second caller while the first holds it', async () => {
    base = await mkdtemp(join(tmpdir(), 'fw-dist-lock-'))
    const dir = join(base, 'dist-2')
    expect(await takeBuild(dir)).toBe(true)
    expect(await takeBuild(dir)).toBe(false)
  })
})

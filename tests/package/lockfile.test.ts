/**
 * `npm install` leaves package-lock.json as committed (docs/packaging.md,
 * "The lockfile"): npm rewrites the lock when its root entry disagrees with
 * package.json (a dependency, dev dependency or peer added, removed or given
 * another range) or when a declared package has no locked version (an
 * installed peer missing from the lock, as `@scalar/api-reference` once was).
 * Checked offline here; `npm install --package-lock-only` against the
 * registry was run by hand and changed nothing.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Ranges = Record<string, string>
interface PackageJson {
  version: string
  dependencies?: Ranges
  devDependencies?: Ranges
  peerDependencies?: Ranges
  optionalDependencies?: Ranges
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}
interface Lock {
  lockfileVersion: number
  packages: Record<string, PackageJson>
}

const read = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T
const KINDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const

/** What would make `npm install` rewrite the lock: each disagreement, named. */
function staleness(manifest: PackageJson, lock: Lock): string[] {
  const stale: string[] = []
  const root = lock.packages[''] ?? ({} as PackageJson)
  if (root.version !== manifest.version) stale.push(`version: lock ${root.version}, package.json ${manifest.version}`)
  for (const kind of KINDS) {
    const declared = manifest[kind] ?? {}
    const locked = root[kind] ?? {}
    for (const name of new Set([...Object.keys(declared), ...Object.keys(locked)])) {
      if (declared[name] !== locked[name]) stale.push(`${kind}.${name}: lock ${locked[name] ?? '(none)'}, package.json ${declared[name] ?? '(none)'}`)
    }
  }
  // Every package npm installs has a locked version: dependencies, dev dependencies and peers that are not optional.
  const installed = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !manifest.peerDependenciesMeta?.[name]?.optional)]
  for (const name of installed) if (!lock.packages[`node_modules/${name}`]?.version) stale.push(`${name}: no locked version`)
  return stale
}

describe('package-lock.json', () => {
  const manifest = read<PackageJson>('package.json')
  const lock = read<Lock>('package-lock.json')

  it('agrees with package.json: npm install has nothing to rewrite', () => {
    expect(lock.lockfileVersion).toBe(3)
    expect(staleness(manifest, lock)).toEqual([])
  })

  it('a peer missing from the lock or a changed range is found', () => {
    const withoutScalar: Lock = structuredClone(lock)
    delete withoutScalar.packages['node_modules/@scalar/api-reference']
    const changed: PackageJson = structuredClone(manifest)
    changed.devDependencies = { ...changed.devDependencies, hono: '^0.0.1' }
    expect(staleness(manifest, withoutScalar)).toEqual(['@scalar/api-reference: no locked version'])
    expect(staleness(changed, lock)).toEqual([expect.stringMatching(/^devDependencies\.hono: lock \S+, package\.json \^0\.0\.1$/)])
  })
})

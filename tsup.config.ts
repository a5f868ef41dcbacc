import { existsSync, readFileSync } from 'node:fs'
import { defineConfig } from 'tsup'

/**
 * Entries come from package.json `exports`, so a subpath cannot be published
 * without being built (and vice versa): `./x` → `src/x/index.ts` → `dist/x/index.js`.
 */
interface PackageJson {
  exports: Record<string, string | { types?: string; default?: string }>
}

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as PackageJson

function entries(): Record<string, string> {
  const found: Record<string, string> = {}
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') continue // ./package.json
    const name = subpath === '.' ? '' : subpath.slice(2)
    const source = name === '' ? 'src/index.ts' : `src/${name}/index.ts`
    if (!existsSync(source)) throw new Error(`tsup: package.json exports "${subpath}" but ${source} does not exist`)
    found[name === '' ? 'index' : `${name}/index`] = source
  }
  return found
}

export default defineConfig({
  entry: entries(),
  format: ['esm'],
  // `@internal` members (the request context's routing/body state, the
  // service's wiring hooks) stay out of users' declarations.
  dts: { compilerOptions: { stripInternal: true } },
  // One copy of each module shared by every subpath: `fw/exceptions`' NotFound
  // is the same class the root's dispatcher checks with `instanceof`.
  splitting: true,
  target: 'es2022',
  // No Node built-ins are assumed; anything Node-only must be a lazy import.
  platform: 'neutral',
  // `neutral` leaves mainFields empty; valibot & co. are external anyway, but be explicit.
  mainFields: ['module', 'main'],
  // postgres.js is imported by fw-api/orm for `engine: 'postgres'` but declared nowhere (docs/orm.md:
  // a `^3` peer range made npm refuse to install fw-api once postgres.js 4 was out); dependencies
  // and peers are external by themselves, this one is named.
  external: ['postgres'],
  treeshake: true,
  sourcemap: false,
  clean: true,
  outDir: 'dist',
})

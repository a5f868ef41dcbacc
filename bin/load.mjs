/**
 * Loading a user's module from the command line: a .js file as is, a .ts file through tsx
 * (`tsx/esm/api`, when installed). `entries` (e.g. `fw-api/openapi`) are imported first,
 * resolved as the module resolves fw-api, and returned with it.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Imports `entries`, then `file`; returns `{ module, entries }` (an entry that fails to load is
 * undefined). Whatever the modules print while loading goes to stderr: stdout is the command's.
 *
 * @example
 * const { module, entries: [openapi] } = await loadModule('src/app.ts', ['fw-api/openapi'], fail)
 */
export async function loadModule(file, entries, fail) {
  const url = pathToFileURL(resolve(file)).href
  const log = console.log
  console.log = (...items) => console.error(...items)
  try {
    if (!/\.[cm]?tsx?$/.test(file)) {
      const loaded = await Promise.all(entries.map((entry) => import(entry).catch(() => undefined)))
      return { module: await import(url), entries: loaded }
    }
    let api
    try {
      api = await import('tsx/esm/api')
    } catch {
      fail(`loading ${file} needs tsx (npm install -D tsx), or point at the compiled .js module`)
    }
    const loaded = []
    for (const entry of entries) loaded.push(await api.tsImport(entry, url).catch(() => undefined))
    return { module: await api.tsImport(url, import.meta.url), entries: loaded }
  } finally {
    console.log = log
  }
}

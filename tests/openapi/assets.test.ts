/**
 * src/openapi/assets.ts: the files the docs routes read from disk — the docs page's script found
 * in the installed package (with its version), read as bytes, and a service's version read from
 * the package.json above its module.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { findScript, packageVersion, readAsset, SCALAR_PACKAGE } from '../../src/openapi/assets'

const dir = mkdtempSync(join(tmpdir(), 'fw-assets-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('findScript / readAsset', () => {
  it('finds the docs page’s script in the installed package, with the package’s version', async () => {
    const script = findScript(import.meta.url)
    expect(script?.file).toMatch(/@scalar[\\/]api-reference[\\/]dist[\\/]browser[\\/]standalone\.js$/)
    expect(script?.version).toMatch(/^\d+\.\d+\.\d+/)
    const bytes = await readAsset(script?.file ?? '')
    expect(bytes.byteLength).toBeGreaterThan(100_000)
    expect(SCALAR_PACKAGE).toBe('@scalar/api-reference')
  })

  it('finds none where the package is not installed', () => {
    expect(findScript(pathToFileURL(join(dir, 'nowhere.js')).href)).toBeUndefined()
  })

  it('rejects reading a file that is not there', async () => {
    await expect(readAsset(join(dir, 'missing.js'))).rejects.toThrow()
  })
})

describe('packageVersion', () => {
  it('reads the version of the nearest package.json above the module', () => {
    mkdirSync(join(dir, 'app', 'src', 'api'), { recursive: true })
    writeFileSync(join(dir, 'app', 'package.json'), JSON.stringify({ name: 'app', version: '2.3.4' }))
    expect(packageVersion(pathToFileURL(join(dir, 'app', 'src', 'api', 'service.ts')).href)).toBe('2.3.4')
  })

  it('has none for a package.json without one, a broken one, or a module that is no file URL', () => {
    mkdirSync(join(dir, 'noversion'), { recursive: true })
    writeFileSync(join(dir, 'noversion', 'package.json'), JSON.stringify({ name: 'x' }))
    expect(packageVersion(pathToFileURL(join(dir, 'noversion', 'm.ts')).href)).toBeUndefined()
    mkdirSync(join(dir, 'broken'), { recursive: true })
    writeFileSync(join(dir, 'broken', 'package.json'), '{ not json')
    expect(packageVersion(pathToFileURL(join(dir, 'broken', 'm.ts')).href)).toBeUndefined()
    expect(packageVersion('https://example.com/service.js')).toBeUndefined()
    expect(packageVersion(undefined)).toBeUndefined()
  })
})

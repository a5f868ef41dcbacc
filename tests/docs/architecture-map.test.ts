/**
 * docs/architecture.md is a map: the request path, the layers, the entries, the
 * speed rule and the tests that enforce them, read in ten minutes. It fails here when it grows past
 * MAX_LINES (measurements go to bench/, long explanations to the topic's docs page), and when a
 * reference into it — a `architecture.md#anchor` link, or `docs/architecture.md, "Heading"` in
 * README.md, docs/, src/, tests/ or bench/ — names a heading the page no longer has.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const MAX_LINES = 350
const root = fileURLToPath(new URL('../..', import.meta.url))
const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
const self = relative(root, fileURLToPath(import.meta.url)).split('\\').join('/')

/** The page's headings, as written (backticks dropped) and as GitHub's anchors. */
function headingsOf(markdown: string): { titles: string[]; anchors: Set<string> } {
  let fenced = false
  const titles: string[] = []
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line)
    if (heading) titles.push((heading[1] as string).replaceAll('`', '').trim())
  }
  const anchor = (title: string): string =>
    title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
  return { titles, anchors: new Set(titles.map(anchor)) }
}

/** One reference into the page: where it is, and the anchor or heading it names. */
interface Reference {
  where: string
  anchor?: string
  heading?: string
}

/** The references a file's text makes, its comments' line breaks and leaders read as spaces. */
function referencesIn(where: string, text: string): Reference[] {
  const flat = text.replace(/\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ')
  const found: Reference[] = []
  for (const match of flat.matchAll(/architecture\.md#([\w-]+)/g)) found.push({ where, anchor: match[1] as string })
  for (const match of flat.matchAll(/architecture\.md,\s*(?:"([^"]+)"|([A-Za-z][\w ]*?)[).,;])/g)) {
    found.push({ where, heading: (match[1] ?? match[2] ?? '').replaceAll('`', '') })
  }
  return found
}

/** The references that name no heading of the page. */
function brokenReferences(references: Reference[], markdown: string): string[] {
  const { titles, anchors } = headingsOf(markdown)
  return references
    .filter((reference) =>
      reference.anchor !== undefined
        ? !anchors.has(reference.anchor)
        : !titles.some((title) => title.includes(reference.heading ?? '')),
    )
    .map((reference) => `${reference.where}: ${reference.anchor ? `#${reference.anchor}` : `"${reference.heading}"`}`)
}

/** Files under `dir` (from the repository root) whose names end with one of `endings`. */
function filesUnder(dir: string, endings: readonly string[], found: string[] = []): string[] {
  for (const name of readdirSync(join(root, dir))) {
    const path = `${dir}/${name}`
    if (statSync(join(root, path)).isDirectory()) {
      if (name !== 'node_modules' && name !== '.tmp' && !name.startsWith('.')) filesUnder(path, endings, found)
    } else if (endings.some((ending) => name.endsWith(ending))) found.push(path)
  }
  return found
}

describe('docs/architecture.md stays a map', () => {
  it(`has at most ${MAX_LINES} lines`, () => {
    const lines = page.replace(/\n$/, '').split('\n').length
    expect(lines, 'move measurements to bench/ and long explanations to their topic’s page').toBeLessThanOrEqual(MAX_LINES)
  })

  it('has every heading the README, docs, src, tests and bench refer to', () => {
    const files = [
      'README.md',
      ...filesUnder('docs', ['.md']),
      ...filesUnder('src', ['.ts']),
      ...filesUnder('tests', ['.ts']),
      ...filesUnder('bench', ['.md', '.ts', '.mjs']),
    ].filter((file) => file !== self)
    const references = files.flatMap((file) => referencesIn(file, readFileSync(join(root, file), 'utf8')))
    expect(references.length).toBeGreaterThan(15)
    expect(brokenReferences(references, page)).toEqual([])
  })
})

describe('the reference check itself', () => {
  const markdown = '# Map\n\n## A request, end to end\n\n```text\n# not a heading\n```\n\n## `service.use()`\n\n### Build time: `compile/`\n'

  it('reads quoted, bare, wrapped and anchored references', () => {
    const text = [
      ' * (docs/architecture.md, "A request, end',
      ' * to end"); docs/architecture.md, Libraries).',
      '// see docs/architecture.md, "use()" and [x](architecture.md#build-time-compile)',
    ].join('\n')
    expect(referencesIn('x.ts', text)).toEqual([
      { where: 'x.ts', anchor: 'build-time-compile' },
      { where: 'x.ts', heading: 'A request, end to end' },
      { where: 'x.ts', heading: 'Libraries' },
      { where: 'x.ts', heading: 'use()' },
    ])
  })

  it('finds the references that name no heading, and none of those that do', () => {
    const references = referencesIn('x.md', 'docs/architecture.md, "A request, end to end"; docs/architecture.md, Libraries. [a](architecture.md#build-time-compile) [b](architecture.md#not-a-heading) docs/architecture.md, "use()"')
    expect(brokenReferences(references, markdown)).toEqual(['x.md: #not-a-heading', 'x.md: "Libraries"'])
  })
})

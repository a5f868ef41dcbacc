/** Types of bench/bundle-size.mjs (the one-endpoint Worker bundle, fw against Hono). */
import type { Metafile, Plugin } from 'esbuild'

/** The entries measured: bench/bundle/fw-one.ts and bench/bundle/hono-one.ts. */
export const bundleEntries: { fw: string; hono: string }
/** Build `entry` as wrangler builds a Worker (minified), in memory. */
export function measureBundle(entry: string, plugins?: Plugin[]): Promise<{ bytes: number; gzipBytes: number; metafile: Metafile; code: string }>
/** The inputs that contribute most bytes, largest first. */
export function biggestInputs(metafile: Metafile, count: number): { path: string; bytes: number }[]
/** Modules imported from outside the bundle, and packages whose code it holds. */
export function bundledModules(metafile: Metafile): { external: string[]; packages: string[] }
/** Bytes per package or src/ folder, largest first. */
export function bytesByGroup(metafile: Metafile): { group: string; bytes: number }[]

/** Types of bench/worker-bundle.mjs (a Workers module bundled and run as Cloudflare would). */

import type { Plugin } from 'esbuild'

/** Bundle `entry` (a path) into the ES module `outfile`; `nodeBuiltins`: leave `node:*` imports to workerd (nodejs_compat); `platform: 'browser'`: as wrangler does by default (packages' `browser` field honoured); `plugins`: esbuild plugins resolving names first. */
export function bundleWorker(
  entry: string,
  outfile: string,
  options?: { nodeBuiltins?: boolean; platform?: 'neutral' | 'browser'; plugins?: Plugin[] },
): Promise<void>
/** `compatibility_date` from wrangler.toml (which must set no compatibility_flags). */
export function compatibilityDate(): string
/** The bundle as miniflare's `modules`. */
export function workerModules(outfile: string): { type: 'ESModule'; path: string; contents: string }[]

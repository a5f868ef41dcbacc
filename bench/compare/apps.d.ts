/**
 * The two sides of `npm run bench:compare` (bench/compare.mjs): bench/apps/fw.ts bundled
 * once against each commit's built package (`dist/`). esbuild resolves these names to
 * those bundles; only the shape the comparison calls is declared here.
 */

/** The fw app of the old commit (the ref given to `npm run bench:compare`). */
declare module 'fw-old' {
  export function createFw(extra?: number): { fetch(request: Request, env?: unknown): Promise<Response> }
}

/** The fw app of this checkout. */
declare module 'fw-new' {
  export function createFw(extra?: number): { fetch(request: Request, env?: unknown): Promise<Response> }
}

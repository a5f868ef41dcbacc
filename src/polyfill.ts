// TypeScript's decorator emit only passes `context.metadata` when `Symbol.metadata`
// exists (Node 20 lacks it). esbuild falls back to `Symbol.for('Symbol.metadata')`,
// so polyfill with the same registered symbol and both toolchains agree.
const symbols = Symbol as unknown as { metadata?: symbol }
symbols.metadata ??= Symbol.for('Symbol.metadata')

export {}

/**
 * Import before examples/realworld/app: its `JWT_SECRET` for tests that load the app in process
 * (the example refuses to start without one, docs/realworld.md). A random 48-byte secret per run.
 */
process.env.JWT_SECRET ??= btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48))))

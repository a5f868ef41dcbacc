/**
 * Runs before every test file of the shared workers (vitest.config.ts), so a
 * file sees no state an earlier file left in the same worker: the spies it
 * left in place (a module-level `vi.spyOn(console, 'error')`) are restored,
 * and the project's own modules (src, examples, tests) are evaluated afresh
 * (a service an earlier file closed, `API.__as__()`'s once per process).
 * Packages in node_modules stay loaded: that is the time the sharing saves.
 */
import { vi } from 'vitest'

vi.restoreAllMocks()
vi.resetModules()

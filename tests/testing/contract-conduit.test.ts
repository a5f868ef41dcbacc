/**
 * SPEC §9.1, §13: `contract()` on the RealWorld backend (examples/realworld,
 * PGlite in-process): requests generated from its own document, every answer
 * as documented. Its `@api.handle('*', { status, result })` documents
 * RealWorld's `{"errors":{"body":[…]}}` on the statuses it answers (before:
 * 37 differences in 212 requests, all problem+json promised, 422 undocumented).
 * A file of its own: the ORM checks every loaded schema against the active
 * database's tables by name, and the blog (tests/testing/contract.test.ts)
 * has tables of the same names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract, type ExpectedDifference } from 'fw-api/testing'
import '../realworld/secret' // JWT_SECRET before the app loads
import { createConduit } from '../../examples/realworld/app'

/** What no document can promise otherwise, each with its reason. */
const CONDUIT_EXPECTED: ExpectedDifference[] = [
  { operation: 'users.login', kind: 'rejected-valid', status: 422, reason: 'credentials of no registered user are refused (RealWorld: 422 "email or password is invalid"): which users exist is state, not schema' },
  {
    operation: 'users.post',
    kind: 'rejected-valid',
    status: 422,
    reason: "valibot's maxLength counts UTF-16 code units, JSON Schema's maxLength code points: a password of 200 astral characters (400 units) is over `v.maxLength(200)`; JSON Schema cannot state a UTF-16 bound",
  },
]

describe('contract() on the Conduit backend (examples/realworld, PGlite)', () => {
  let conduit: ReturnType<typeof createConduit> | undefined
  beforeAll(async () => {
    conduit = createConduit()
    await conduit.database.connect()
  }, 300_000) // PGlite's start is CPU-bound: wide, for a busy machine
  afterAll(async () => {
    await conduit?.database.close()
  })

  it("every operation answers as documented: RealWorld's error body on the statuses its hook declares (but the two listed)", async () => {
    if (!conduit) throw new Error('the Conduit backend did not start')
    const report = await contract(conduit.service, { runs: 15, seed: 38, expected: CONDUIT_EXPECTED })
    expect(report.operations).toBe(19)
    expect(report.requests).toBeGreaterThan(200)
    expect(report.differences).toEqual([])
    expect(report.expected.map((item) => `${item.operation} ${item.kind}`).sort()).toEqual(['users.login rejected-valid', 'users.post rejected-valid'])
  }, 300_000)
})

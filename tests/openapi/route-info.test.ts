import { describe, expect, it } from 'vitest'
import { errorEnvelope, type RouteInfo } from '../../src/openapi/route-info'

const route = (more: Partial<RouteInfo> = {}): RouteInfo =>
  ({
    params: [],
    security: [],
    status: 200,
    doc: {},
    errors: [],
    handled: [],
    answers: [],
    takenOver: [],
    ...more,
  }) as unknown as RouteInfo

describe('errorEnvelope', () => {
  const own = { resultKey: 'data', messageKey: 'msg' }
  const root = { messageKey: 'error' }

  it("a status only the service's plugins answer is sent in the root's envelope", () => {
    const info = route({ envelope: own, rootStatuses: new Set([429, 412]), rootEnvelope: root })
    expect(errorEnvelope(info, 429)).toBe(root)
    expect(errorEnvelope(info, 412)).toBe(root)
  })

  it("any other status is sent in the route's own envelope", () => {
    const info = route({ envelope: own, rootStatuses: new Set([429]), rootEnvelope: root })
    expect(errorEnvelope(info, 400)).toBe(own)
    expect(errorEnvelope(route({ envelope: own }), 429)).toBe(own)
  })

  it('a root without a template (problem+json) gives no envelope for its statuses', () => {
    const info = route({ envelope: own, rootStatuses: new Set([429]) })
    expect(errorEnvelope(info, 429)).toBeUndefined()
  })
})

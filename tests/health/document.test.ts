/** src/health/document.ts: the health routes in the OpenAPI document (for `health: { document: true }`). */
import { describe, expect, it } from 'vitest'
import { healthPaths } from '../../src/health/document'

describe('healthPaths', () => {
  const paths = healthPaths('/healthz') as Record<string, { get: { operationId: string; responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }> } }>

  it('documents liveness and readiness under the health path', () => {
    expect(Object.keys(paths)).toEqual(['/healthz', '/healthz/ready'])
    expect(paths['/healthz']?.get.operationId).toBe('health_live')
    expect(paths['/healthz/ready']?.get.operationId).toBe('health_ready')
  })

  it('documents readiness as 200 and 503 with each check’s state', () => {
    const ready = paths['/healthz/ready']?.get.responses
    expect(Object.keys(ready ?? {})).toEqual(['200', '503'])
    const schema = ready?.['503']?.content['application/json']?.schema
    expect(schema).toMatchObject({ required: ['status', 'checks'], properties: { status: { enum: ['ready', 'unavailable', 'closing'] } } })
  })

  it('follows the path it is given', () => {
    expect(Object.keys(healthPaths('/api/health'))).toEqual(['/api/health', '/api/health/ready'])
  })
})

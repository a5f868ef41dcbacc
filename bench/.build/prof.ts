import { createApps } from '../harness'
import { fixtures, makeRequest } from '../schemas'
const id = (globalThis as any).process.env.ID ?? 'E1'
const app = createApps(100).fw
const f = fixtures.find((x) => x.id === id)!
const reuse = f.method === 'GET' ? makeRequest(f) : undefined
const n = Number((globalThis as any).process.env.N ?? 300000)
const t = performance.now()
for (let i = 0; i < n; i++) await app(reuse ?? makeRequest(f))
console.log(id, ((performance.now() - t) * 1e3 / n).toFixed(3), 'us')

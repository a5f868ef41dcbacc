import { createApps, snapshot } from '../harness'
import { fixtures } from '../schemas'
const apps = createApps(100)
for (const f of fixtures) for (const [n, a] of Object.entries(apps)) console.log(f.id, n, JSON.stringify(await snapshot(a, f)))

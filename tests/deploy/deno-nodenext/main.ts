/**
 * A project written for Node with NodeNext resolution: its own modules are
 * imported as `./api.js` (the source is api.ts). On Deno its deno.json turns
 * on sloppy imports for that; fw itself needs none.
 */
import { service } from './api.js'

const answer = await service.fetch(new Request('http://localhost/api/hello?name=nodenext'))
console.log(`nodenext ${answer.status} ${await answer.text()}`)

/**
 * The workerd side of `npm run bench:compare` (bench/compare.mjs): the old and the new
 * commit's fw app (`fw-old`, `fw-new`: bench/apps/fw.ts bundled against each build) in
 * one Worker, run in batches that bench/workerd.mjs times (bench/workerd-batches.ts).
 */
import { createFw as createNew } from 'fw-new'
import { createFw as createOld } from 'fw-old'
import { fixtures } from '../schemas'
import { batchWorker } from '../workerd-batches'

const oldFw = createOld(100)
const newFw = createNew(100)

export default batchWorker(
  { old: async (request) => oldFw.fetch(request), new: async (request) => newFw.fetch(request) },
  fixtures,
)

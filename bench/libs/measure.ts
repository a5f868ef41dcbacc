/**
 * Alternating micro-benchmarks for the libraries decision (bench/libs/README.md): each candidate runs in short rounds,
 * old and new alternating, timed in process CPU time (the machine is shared: wall time is not), and the
 * median of the rounds is reported in ns per operation.
 */

/** One candidate: a name and the operation it times. */
export interface Candidate {
  name: string
  run: () => unknown
}

function cpuNanos(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) * 1000
}

/** Median ns/op of each candidate over `rounds` alternating rounds of `iterations` calls. */
export function compare(title: string, candidates: Candidate[], iterations = 20_000, rounds = 9): Record<string, number> {
  const samples = new Map<string, number[]>(candidates.map((candidate) => [candidate.name, []]))
  let sink: unknown
  for (const candidate of candidates) for (let i = 0; i < iterations; i++) sink = candidate.run() // warm up
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? candidates : [...candidates].reverse()
    for (const candidate of order) {
      const start = cpuNanos()
      for (let i = 0; i < iterations; i++) sink = candidate.run()
      samples.get(candidate.name)?.push((cpuNanos() - start) / iterations)
    }
  }
  if (sink === Symbol.iterator) console.log('') // keeps the results alive
  return report(title, candidates[0]?.name ?? '', samples)
}

/** One asynchronous candidate: a name and the operation it awaits. */
export interface AsyncCandidate {
  name: string
  run: () => Promise<unknown>
}

/** `compare` for operations that finish asynchronously (a whole request): each call is awaited in turn. */
export async function compareAsync(title: string, candidates: AsyncCandidate[], iterations = 2000, rounds = 9): Promise<Record<string, number>> {
  const samples = new Map<string, number[]>(candidates.map((candidate) => [candidate.name, []]))
  for (const candidate of candidates) for (let i = 0; i < iterations; i++) await candidate.run() // warm up
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? candidates : [...candidates].reverse()
    for (const candidate of order) {
      const start = cpuNanos()
      for (let i = 0; i < iterations; i++) await candidate.run()
      samples.get(candidate.name)?.push((cpuNanos() - start) / iterations)
    }
  }
  return report(title, candidates[0]?.name ?? '', samples)
}

function report(title: string, base: string, samples: Map<string, number[]>): Record<string, number> {
  const medians: Record<string, number> = {}
  for (const [name, values] of samples) medians[name] = values.sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN
  const line = Object.entries(medians)
    .map(([name, ns]) => `${name} ${ns.toFixed(0)} ns (${((ns / (medians[base] ?? ns)) * 100).toFixed(0)} %)`)
    .join(' | ')
  console.log(`${title}: ${line}`)
  return medians
}

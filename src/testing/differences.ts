/**
 * The differences a `contract()` run finds between a service and its
 * document: collected by kind, matched against the expected ones, and
 * reported (a {@link ContractError} when any is left).
 */
import type { DifferenceKind, Finding } from './check'

/**
 * A difference the caller knows of and accepts, with the reason (a difference it names that does not occur fails the run).
 *
 * @example
 * const known: ExpectedDifference = { operation: 'calc.crash', kind: 'server-error', reason: 'throws on purpose' }
 */
export interface ExpectedDifference {
  operation: string
  kind: DifferenceKind
  /** only this status (default: any) */
  status?: number
  reason: string
}

/**
 * One difference between the document and what the service did.
 *
 * @example
 * error.differences.map((difference) => `${difference.operation}: ${difference.kind} ${difference.detail}`)
 */
export interface Difference {
  operation: string
  kind: DifferenceKind
  status?: number
  detail: string
  /** the first request that showed it: method, path and query, and which rule an invalid one breaks */
  request: string
  /** how many requests showed it */
  count: number
  /** for an expected difference: its reason */
  reason?: string
}

/**
 * What a run did.
 *
 * @example
 * const { requests, expected } = await contract(service)
 */
export interface ContractReport {
  operations: number
  requests: number
  differences: Difference[]
  /** differences matched by `options.expected` */
  expected: Difference[]
}

/**
 * A run that found differences: `differences` lists them, the message shows each.
 *
 * @example
 * try { await contract(service) } catch (error) { if (error instanceof ContractError) console.log(error.differences) }
 */
export class ContractError extends Error {
  readonly differences: Difference[]
  readonly report: ContractReport
  constructor(report: ContractReport) {
    const lines = report.differences.map(
      (item) =>
        `- ${item.operation} ${item.kind}${item.status !== undefined ? ` ${item.status}` : ''}: ${item.detail}\n    ${item.count}× e.g. ${item.request}`,
    )
    super(
      `contract: ${report.differences.length} difference(s) between the document and the service (${report.requests} requests, ${report.operations} operations)\n${lines.join('\n')}`,
    )
    this.name = 'ContractError'
    this.differences = report.differences
    this.report = report
  }
}

/** Differences collected by (operation, kind, status, first words of the detail). */
export class Differences {
  readonly #found = new Map<string, Difference>()
  add(operation: string, finding: Finding, status: number | undefined, request: string): void {
    const key = `${operation}\u0000${finding.kind}\u0000${status ?? ''}\u0000${finding.kind === 'schema' ? finding.detail.slice(0, 60) : ''}`
    const known = this.#found.get(key)
    if (known) known.count++
    else
      this.#found.set(key, {
        operation,
        kind: finding.kind,
        ...(status !== undefined ? { status } : {}),
        detail: finding.detail,
        request,
        count: 1,
      })
  }
  get list(): Difference[] {
    return [...this.#found.values()]
  }
}

function matches(expected: ExpectedDifference, difference: Difference): boolean {
  return (
    expected.operation === difference.operation &&
    expected.kind === difference.kind &&
    (expected.status === undefined || expected.status === difference.status)
  )
}

/** Split the differences into unexpected and expected; an expected one that never occurred is a difference too. */
export function settle(
  differences: Difference[],
  expected: readonly ExpectedDifference[],
): Pick<ContractReport, 'differences' | 'expected'> {
  const unexpected: Difference[] = []
  const accepted: Difference[] = []
  for (const difference of differences) {
    const known = expected.find((item) => matches(item, difference))
    if (known) accepted.push({ ...difference, reason: known.reason })
    else unexpected.push(difference)
  }
  for (const item of expected) {
    if (accepted.some((difference) => matches(item, difference))) continue
    unexpected.push({
      operation: item.operation,
      kind: 'expected-missing',
      detail: `expected ${item.kind}${item.status !== undefined ? ` ${item.status}` : ''} did not occur (${item.reason}): remove it from the expected list`,
      request: '-',
      count: 1,
    })
  }
  return { differences: unexpected, expected: accepted }
}

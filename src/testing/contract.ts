/**
 * `contract(service, { runs })` (SPEC §13): every documented operation of a
 * service, driven in-process through `service.fetch` with requests generated
 * from its own OpenAPI document, seeded so a run repeats exactly. Each answer
 * is checked against the document (check.ts); the differences are listed
 * (differences.ts).
 */
import type { OpenAPIDocument } from '../openapi/document'
import { invalidCases, validCases, type Variant } from './cases'
import { ResponseChecker } from './check'
import {
  ContractError,
  Differences,
  settle,
  type ContractReport,
  type ExpectedDifference,
} from './differences'
import { requestOf, targetOf, type RequestCase } from './encode'
import { follow, operationsOf, type Operation } from './operations'

/**
 * What `contract()` drives: anything with a fetch handler and its OpenAPI document (an `Fw` service).
 *
 * @example
 * const target: ContractService = service
 */
export interface ContractService {
  fetch(request: Request): Response | Promise<Response>
  openapi(): OpenAPIDocument
}

/**
 * Options of `contract()`.
 *
 * @example
 * await contract(service, { runs: 50, seed: 7, headers: { authorization: `Bearer ${token}` } })
 */
export interface ContractOptions {
  /** valid requests per operation (default 20); each invalid variant is sent once */
  runs?: number
  /** the seed of every generated value (default 42): one seed, one run */
  seed?: number
  /** ms an answer may take before it is a `timeout` difference (default 10 000) */
  timeoutMs?: number
  /** headers every request carries first (e.g. credentials) */
  headers?: Record<string, string>
  /** the origin requests are made against (default `http://localhost`) */
  origin?: string
  /** only the operations whose `operationId` this accepts */
  include?: (operationId: string) => boolean
  /** differences that are known and accepted, each with its reason */
  expected?: readonly ExpectedDifference[]
}

/** A stable seed per operation, so adding an operation does not change the others' requests. */
function seedOf(seed: number, operationId: string): number {
  let hash = seed | 0
  for (const char of operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return hash
}

/** The answer, or `undefined` when none came within `timeoutMs` (the request is then aborted). */
async function answerOf(
  service: ContractService,
  build: (signal: AbortSignal) => Request,
  timeoutMs: number,
): Promise<Response | undefined> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort()
      resolve(undefined)
    }, timeoutMs)
  })
  try {
    // A handler that throws instead of answering is a server error too (never a crashed run).
    const answered = Promise.resolve()
      .then(() => service.fetch(build(controller.signal)))
      .catch(
        (error: unknown) =>
          new Response(`fetch threw: ${error instanceof Error ? error.message : String(error)}`, {
            status: 599,
          }),
      )
    return await Promise.race([answered, timedOut])
  } finally {
    clearTimeout(timer)
  }
}

async function send(
  service: ContractService,
  checker: ResponseChecker,
  operation: Operation,
  testCase: RequestCase,
  intent: 'valid' | 'invalid',
  rule: string | undefined,
  options: Required<Pick<ContractOptions, 'timeoutMs' | 'headers' | 'origin'>>,
  found: Differences,
): Promise<void> {
  const shown = `${operation.method} ${targetOf(operation.template, testCase)}${rule ? ` (invalid: ${rule})` : ''}`
  const response = await answerOf(
    service,
    (signal) =>
      requestOf(
        options.origin,
        operation.method,
        operation.template,
        testCase,
        options.headers,
        signal,
      ),
    options.timeoutMs,
  )
  if (!response)
    return found.add(
      operation.id,
      { kind: 'timeout', detail: `no answer within ${options.timeoutMs} ms` },
      undefined,
      shown,
    )
  for (const finding of await checker.check(operation, response, intent))
    found.add(operation.id, finding, response.status, shown)
}

/** For the first operation of a path, a method the path does not serve (it must answer the documented 405). */
function unservedMethod(
  operations: readonly Operation[],
  operation: Operation,
): string | undefined {
  const onPath = operations.filter((other) => other.template === operation.template)
  if (onPath[0] !== operation) return undefined
  return ['PATCH', 'PUT', 'DELETE', 'POST', 'GET'].find(
    (method) => !onPath.some((other) => other.method === method),
  )
}

/**
 * Drive every documented operation of a service with requests generated from
 * its own OpenAPI document (valid ones and invalid variants) and check each
 * answer against it; reject with a {@link ContractError} listing every
 * difference (a 5xx, an undocumented status or content type, a body off its
 * schema, a valid request refused, an invalid one accepted, no answer).
 *
 * @example
 * import { contract } from 'fw-api/testing'
 * const report = await contract(service, { runs: 25 })
 */
export async function contract(
  service: ContractService,
  options: ContractOptions = {},
): Promise<ContractReport> {
  const runs = options.runs ?? 20
  const seed = options.seed ?? 42
  const settings = {
    timeoutMs: options.timeoutMs ?? 10_000,
    headers: options.headers ?? {},
    origin: options.origin ?? 'http://localhost',
  }
  const document = service.openapi()
  const resolve = (ref: string) => follow(document, ref)
  const checker = new ResponseChecker(document)
  const operations = operationsOf(document).filter(
    (operation) => options.include?.(operation.id) ?? true,
  )
  const found = new Differences()
  let requests = 0
  for (const operation of operations) {
    const operationSeed = seedOf(seed, operation.id)
    const valid = validCases(operation, resolve, runs, operationSeed)
    for (const testCase of valid)
      await send(service, checker, operation, testCase, 'valid', undefined, settings, found)
    const base = valid[0]
    const variants: Variant[] = base ? invalidCases(operation, base, resolve, operationSeed) : []
    for (const variant of variants)
      await send(
        service,
        checker,
        operation,
        variant.testCase,
        'invalid',
        variant.rule,
        settings,
        found,
      )
    const unserved = base && unservedMethod(operations, operation)
    if (base && unserved)
      await send(
        service,
        checker,
        { ...operation, method: unserved },
        base,
        'invalid',
        `${unserved} is not served on this path`,
        settings,
        found,
      )
    requests += valid.length + variants.length + (unserved ? 1 : 0)
  }
  const report: ContractReport = {
    operations: operations.length,
    requests,
    ...settle(found.list, options.expected ?? []),
  }
  if (report.differences.length) throw new ContractError(report)
  return report
}

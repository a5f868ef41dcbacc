/**
 * A Web-standard request handler: the shape every fw service compiles to.
 *
 * @example
 * const handler: FetchHandler = (request) => new Response('ok')
 */
export type FetchHandler = (
  request: Request,
  env?: unknown,
  ctx?: unknown,
) => Response | Promise<Response>

/**
 * Did a server that frames bodies by their Content-Length deliver `request`
 * (`env`: the second argument `fetch` was called with)? Then a sized body is
 * read whole. Chosen for the runtime once, when an endpoint that reads a body is built
 * (body/framing.ts).
 *
 * @example
 * const framing: FramingCheck = (_request, env) => env === bunServer
 */
export type FramingCheck = (request: Request, env: unknown) => boolean

/**
 * The part of Standard Schema V1 (https://standardschema.dev) fw reads,
 * copied as the spec recommends (no dependency on `@standard-schema/spec`).
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
    /** Standard JSON Schema (zod ≥ 4.2, arktype ≥ 2.1.28, valibot through `@valibot/to-json-schema`) */
    readonly jsonSchema?: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>
      readonly output: (options: { readonly target: string }) => Record<string, unknown>
    }
  }
}

/** What `~standard.validate` returns. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: readonly {
        readonly message: string
        readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined
      }[]
    }

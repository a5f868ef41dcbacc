/**
 * The one error a call rejects with (besides a `TypeError` for a call the
 * document does not know and the `AbortError` of a cancelled call).
 */

/**
 * A call that failed: a status outside 2xx, with the server's message and
 * item errors (from the envelope or the problem+json body); or a call the
 * client refused (`status` 0 when nothing was sent: a path param that would
 * leave its endpoint, a browser's hidden redirect), or an answer it refused
 * (a redirect to another origin, a body over `maxBytes`, non-JSON under a
 * JSON content type) with the status the server sent.
 *
 * @example
 * try { await client.calc.add({ a: 1, b: Number.NaN }) } catch (e) { if (e instanceof ClientError) e.status }
 */
export class ClientError extends Error {
  override name = 'ClientError'
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    readonly errors: unknown[] | undefined,
  ) {
    super(message)
  }
}

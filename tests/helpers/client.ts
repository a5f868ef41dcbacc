import type { Fw } from 'fw-api'

/** Call a service in-process: `call(service, 'GET /calc/add?a=1&b=2')`. */
export async function call(
  service: Pick<Fw, 'fetch'>,
  line: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; headers: Headers; text: string; body: unknown }> {
  const [method, path] = line.split(' ') as [string, string]
  const headers = new Headers(init.headers)
  let body = init.body
  if (init.json !== undefined) {
    body = JSON.stringify(init.json)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  }
  const response = await service.fetch(new Request(`http://localhost${path}`, { ...init, method, headers, body }))
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, text, body: parsed }
}

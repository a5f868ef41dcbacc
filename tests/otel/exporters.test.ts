/**
 * Issue 58 #4: the metrics blocks of docs/observability.md, run — a Prometheus endpoint
 * (`@opentelemetry/exporter-prometheus`'s own server) and an OTLP/HTTP metrics exporter posting to
 * a receiver in the test — each showing `http.server.request.duration` by route, method and status
 * and `http.server.active_requests` after requests served over real HTTP on Node.
 */
import 'fw-api/serve'
import { metrics } from '@opentelemetry/api'
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http'
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus'
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics'
import { api, Fw } from 'fw-api'
import { otel } from 'fw-api/otel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReceiver, type Receiver } from './sdk'

class Items extends api.API {
  @api.get('items/{id}')
  item() {
    return 'item'
  }
}

describe('fw-api/otel metrics through the documented exporters', () => {
  let base = ''
  let close: () => Promise<void> = async () => {}
  let receiver: Receiver
  const port = 20_000 + Math.floor(Math.random() * 30_000)
  let prometheus: PrometheusExporter
  let otlp: PeriodicExportingMetricReader
  let provider: MeterProvider

  beforeAll(async () => {
    receiver = await startReceiver()
    prometheus = new PrometheusExporter({ port, host: '127.0.0.1' })
    otlp = new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter({ url: `${receiver.url}/v1/metrics` }), exportIntervalMillis: 3_600_000 })
    provider = new MeterProvider({ readers: [prometheus, otlp] })
    metrics.setGlobalMeterProvider(provider)
    const service = new Fw(import.meta.url, { api: Items, route: '/api' }).use(otel())
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}/api`
    close = () => server.close()
    for (const id of [1, 2, 3]) expect((await fetch(`${base}/items/${id}`)).status).toBe(200)
    expect((await fetch(`${base}/missing`)).status).toBe(404)
  }, 60_000)
  afterAll(async () => {
    await close()
    await provider.shutdown()
    metrics.disable()
    await receiver.close()
  })

  it('Prometheus: GET /metrics lists the request durations by route, method and status', async () => {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
    expect(text).toMatch(/^http_server_request_duration_count\{[^}]*http_route="\/api\/items\/\{id\}"[^}]*\} 3/m)
    expect(text).toMatch(/http_server_request_duration_count\{[^}]*http_response_status_code="404"[^}]*\} 1/)
    expect(text).toMatch(/^http_server_active_requests\{[^}]*\} 0/m)
    expect(text).not.toMatch(/items\/[123]/)
  })

  it('OTLP/HTTP: the reader posts the same metrics to the receiver', async () => {
    await otlp.forceFlush()
    const posted = receiver.bodies.join('\n')
    expect(posted).toContain('"http.server.request.duration"')
    expect(posted).toContain('/api/items/{id}')
    expect(posted).toContain('"http.server.active_requests"')
  })
})

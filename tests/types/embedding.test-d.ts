/**
 * Embedding is typed by backend kind. These lines are the
 * README's own embedding calls; they must pass strict tsc with no cast.
 */
import 'fw-api/adapters'
import http from 'node:http'
import * as nest from '@nestjs/core'
import type { INestApplication } from '@nestjs/common'
import express from 'express'
import Fastify, { type FastifyInstance } from 'fastify'
import { Hono } from 'hono'
import Koa from 'koa'
import { describe, expectTypeOf, it } from 'vitest'
import { Fw } from 'fw-api'
import { CalcAPI } from '../adapters/fw-api'

describe('API.__as__ and service.adapt return the entry of their backend', () => {
  it('express module → a Router for app.use', () => {
    const app = express()
    app.use(CalcAPI.__as__(express, '/v0'))
    app.use('/v1', new Fw(import.meta.url, { backend: express, api: CalcAPI }).adapt('/'))
    expectTypeOf(CalcAPI.__as__(express, '/v0')).toEqualTypeOf<express.Router>()
  })
  it('Hono class → a Hono sub-app for app.route', () => {
    const app = new Hono()
    const service = new Fw(import.meta.url, { backend: Hono, api: CalcAPI })
    app.route('/', service.adapt('/v2'))
    expectTypeOf(service.adapt('/v2')).toEqualTypeOf<InstanceType<typeof Hono>>()
    expectTypeOf(service.application()).toEqualTypeOf<InstanceType<typeof Hono>>()
  })
  it('node:http → a request listener for http.createServer', () => {
    http.createServer(CalcAPI.__as__(http, '/api'))
  })
  it('an app instance is returned as itself', () => {
    const fastify = Fastify()
    expectTypeOf(new Fw(import.meta.url, { backend: fastify }).adapt('/x')).toEqualTypeOf<typeof fastify>()
    expectTypeOf(new Fw(import.meta.url, { backend: fastify }).adapt('/x')).toMatchTypeOf<FastifyInstance>()
    const koa = new Koa()
    expectTypeOf(CalcAPI.__as__(koa, '/x')).toEqualTypeOf<Koa>()
    const app = express()
    expectTypeOf(new Fw(import.meta.url, { backend: app }).application()).toEqualTypeOf<express.Express>()
  })
  it('NestJS: setup() is a promise; application() is the INestApplication', () => {
    const service = new Fw(import.meta.url, { backend: nest, api: CalcAPI })
    expectTypeOf(service.setup()).toEqualTypeOf<Promise<Fw<typeof nest>>>()
    expectTypeOf(service.application()).toEqualTypeOf<INestApplication>()
    // an existing Nest application: adapt() gives it back
    const app = {} as INestApplication
    expectTypeOf(new Fw(import.meta.url, { backend: app }).adapt('/api')).toEqualTypeOf<INestApplication>()
  })
  it('a service with a backend is still an Fw', () => {
    const services: Fw[] = [new Fw(import.meta.url, { backend: Hono }), new Fw(import.meta.url, { backend: express() }), new Fw(import.meta.url)]
    expectTypeOf(services).toEqualTypeOf<Fw[]>()
  })
  it('what must not compile', () => {
    const hono = new Hono()
    // @ts-expect-error an Express Router is not a Hono app
    hono.route('/', new Fw(import.meta.url, { backend: express }).adapt('/x'))
    // @ts-expect-error the express module's entry is not a node:http listener
    http.createServer(CalcAPI.__as__(Hono, '/x'))
  })
})

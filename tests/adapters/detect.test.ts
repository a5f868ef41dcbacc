/**
 * src/adapters/detect.ts: frameworks told apart by the methods their objects have (fw imports
 * none of them) — checked here on real Express, Koa, Fastify, Hono and Elysia apps, and on
 * look-alikes that must not pass.
 */
import { Elysia } from 'elysia'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import Koa from 'koa'
import { afterAll, describe, expect, it } from 'vitest'
import {
  describe as described,
  hasFetch,
  isClass,
  isElysiaLike,
  isExpressLike,
  isExpressModule,
  isFastifyLike,
  isHonoClass,
  isHonoLike,
  isKoaLike,
  isNodeHttpModule,
} from '../../src/adapters/detect'

const fastify = Fastify()
afterAll(() => fastify.close())
const apps = { express: express(), koa: new Koa(), fastify, hono: new Hono(), elysia: new Elysia() }
const checks = { isExpressLike, isKoaLike, isFastifyLike, isHonoLike, isElysiaLike }

describe('each framework is recognised by its own check only', () => {
  it.each(Object.entries(apps))('%s', (name, app) => {
    const passing = Object.entries(checks)
      .filter(([, check]) => check(app))
      .map(([check]) => check)
    expect(passing).toEqual([`is${name === 'hono' ? 'Hono' : name === 'elysia' ? 'Elysia' : name[0]?.toUpperCase() + name.slice(1)}Like`])
  })
})

describe('modules and classes', () => {
  it('tells the express module from an app, and Hono’s class from an instance', () => {
    expect(isExpressModule(express)).toBe(true)
    expect(isExpressModule(apps.express)).toBe(false)
    expect(isHonoClass(Hono)).toBe(true)
    expect(isHonoClass(apps.hono)).toBe(false)
  })

  it('tells a node:http-like module by createServer and STATUS_CODES', () => {
    expect(isNodeHttpModule({ createServer: () => {}, STATUS_CODES: {} })).toBe(true)
    expect(isNodeHttpModule({ createServer: () => {} })).toBe(false)
  })

  it('tells a class from a function', () => {
    expect(isClass(Koa)).toBe(true)
    expect(isClass(class {})).toBe(true)
    expect(isClass(function plain() {})).toBe(false)
    expect(isClass(() => {})).toBe(false)
  })
})

describe('look-alikes', () => {
  it('never passes data whose keys merely name the methods', () => {
    const data = { fetch: 'x', use: 1, handle: null, all: true, route: {}, basePath: '', middleware: [] }
    for (const check of [...Object.values(checks), hasFetch]) expect(check(data)).toBe(false)
  })

  it('finds methods on prototypes and getters', () => {
    class WithFetch {
      fetch(): Response {
        return new Response()
      }
    }
    expect(hasFetch(new WithFetch())).toBe(true)
    expect(hasFetch(Object.defineProperty({}, 'fetch', { get: () => () => new Response() }))).toBe(true)
    expect(hasFetch(null)).toBe(false)
  })
})

describe('describe', () => {
  it('names a value for an error message', () => {
    expect(described(null)).toBe('null')
    expect(described(function app() {})).toBe('function app')
    expect(described(() => {})).toBe('function (anonymous)')
    expect(described(new (class Service {})())).toBe('a Service instance')
    expect(described({})).toBe('an object')
    expect(described(Object.create(null))).toBe('an object')
    expect(described(3)).toBe('number')
  })
})

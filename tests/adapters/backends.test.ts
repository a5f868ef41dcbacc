/**
 * src/adapters/backends.ts: the one table of frameworks fw knows, in the order they are
 * recognised — each real app found as its own backend, and nothing else taken for one.
 */
import { Elysia } from 'elysia'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import Koa from 'koa'
import { afterAll, describe, expect, it } from 'vitest'
import { backendOf, backends } from '../../src/adapters/backends'

const fastify = Fastify()
afterAll(() => fastify.close())

describe('backendOf', () => {
  it('finds each framework’s own backend, apps and modules alike', () => {
    expect(backendOf(express())?.name).toBe('express')
    expect(backendOf(express)?.name).toBe('express module')
    expect(backendOf(new Koa())?.name).toBe('koa')
    expect(backendOf(fastify)?.name).toBe('fastify')
    expect(backendOf(new Hono())?.name).toBe('hono')
    expect(backendOf(Hono)?.name).toBe('Hono class')
    expect(backendOf(new Elysia())?.name).toBe('elysia')
  })

  it('takes nothing else for a backend', () => {
    for (const value of [undefined, null, {}, () => {}, { fetch: () => new Response() }, 'express']) expect(backendOf(value)).toBeUndefined()
  })

  it('lists each backend once, with a name and an attach', () => {
    const names = backends.map((backend) => backend.name)
    expect(new Set(names).size).toBe(names.length)
    for (const backend of backends) expect(typeof backend.attach, backend.name).toBe('function')
  })
})

/**
 * Which way fw attached to node:http, Express, Koa or Fastify reads requests
 * and hands on answers (docs/integration.md, "The native Node path of the
 * attachments"): chosen once per attachment.
 */
import { bridgeIO, nativeIO, type NodeIO } from '../node/native/attach'
import { installLightResponse } from '../node/native/response'
import { nativeNodeServer } from '../serve/node-native'
import { detectRuntime } from '../serve/runtime'

/**
 * The way of an attachment made now: the native path on Node unless
 * `FW_NODE_SERVER=web` (the light `Response` then the global one, as under
 * `service.run()`); the Web bridge on Bun and Deno (their servers take only
 * their own `Response`).
 *
 * @example
 * const io = nodeIO() // once per attachment, not per request
 */
export function nodeIO(): NodeIO {
  if (detectRuntime() !== 'node' || !nativeNodeServer() || !installLightResponse()) return bridgeIO
  return nativeIO
}

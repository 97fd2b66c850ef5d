// Test helper in the style of fastify/demo: a ready relay for `app.inject`, closed after the test.
import Fastify, { type FastifyInstance } from 'fastify'
import { onTestFinished } from 'vitest'
import { relayApp } from '../app'

/** Builds a relay instance for one test and closes it when the test ends. */
export async function buildRelay(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  await app.register(relayApp, { version: 'test' })
  await app.ready()
  onTestFinished(() => app.close())
  return app
}

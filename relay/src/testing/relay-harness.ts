// Test helpers shared by the route, security and PostgreSQL suites: a storage factory type (so a
// suite runs unchanged on SQLite and PostgreSQL), a clock the test moves, authorised requests, the
// pull of everything a user has, and sync payloads of every entity kind.
import {
  createAiChatFixture,
  createBookmarkFixture,
  createChromeSettingsFixture,
  createMarkFixture,
  createPageContentFixture,
} from '@inkmark/shared/testing'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { RelayStorage } from '../storage/relay-storage'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { buildRelay, registerUser, type BuildOptions } from './build'

/** Opens a fresh, empty storage for one test. */
export type OpenStorage = () => Promise<RelayStorage>

/** Fresh in-memory SQLite. */
export const openMemorySqlite: OpenStorage = () => Promise.resolve(openSqliteStorage(':memory:'))

/** A clock that only moves when told to. */
export interface ManualClock {
  now: () => number
  set(time: number): void
  advance(ms: number): void
}

export function manualClock(start: number): ManualClock {
  let time = start
  return {
    now: () => time,
    set: (next) => {
      time = next
    },
    advance: (ms) => {
      time += ms
    },
  }
}

/** A relay on a fresh storage from `open`, closed when the test ends. */
export async function buildRelayOn(
  open: OpenStorage,
  options: Omit<BuildOptions, 'storage'> = {},
): Promise<FastifyInstance> {
  return buildRelay({ ...options, storage: await open() })
}

/** A registered user: their token and the headers that carry it. */
export interface TestUser {
  email: string
  token: string
  headers: { authorization: string }
}

export async function createUser(app: FastifyInstance, email: string): Promise<TestUser> {
  const token = await registerUser(app, email, 'correct horse battery')
  return { email, token, headers: { authorization: `Bearer ${token}` } }
}

/** The claims of a token (no verification: the test reads what the relay signed). */
export function tokenPayload(token: string): Record<string, unknown> {
  const [, payload] = token.split('.')
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >
}

/** `app.inject` as `user`. */
export function injectAs(
  app: FastifyInstance,
  user: TestUser,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...options.headers, ...user.headers } })
}

/** What GET /sync answers. */
export interface PullPage {
  entities: Record<string, unknown>[]
  cursor: number
  hasMore: boolean
}

/** Every entity and tombstone of `user`, pulled page by page from cursor 0. */
export async function pullAll(
  app: FastifyInstance,
  user: TestUser,
  limit = 2000,
): Promise<Record<string, unknown>[]> {
  const entities: Record<string, unknown>[] = []
  let cursor = 0
  for (;;) {
    const response = await injectAs(app, user, {
      method: 'GET',
      url: `/sync?since=${cursor}&limit=${limit}`,
    })
    if (response.statusCode !== 200) {
      throw new Error(`GET /sync failed: ${response.statusCode} ${response.body}`)
    }
    const page = response.json<PullPage>()
    entities.push(...page.entities)
    cursor = page.cursor
    if (!page.hasMore) {
      return entities
    }
  }
}

/** Pushes entities with POST /sync and checks that every one was stored. */
export async function push(
  app: FastifyInstance,
  user: TestUser,
  entities: readonly object[],
  method: 'POST' | 'PUT' = 'POST',
): Promise<void> {
  const response = await injectAs(app, user, { method, url: '/sync', payload: { entities } })
  const body = response.json<{ stored: string[]; rejected: unknown[] }>()
  if (response.statusCode !== 200 || body.rejected.length > 0) {
    throw new Error(`${method} /sync failed: ${response.statusCode} ${response.body}`)
  }
}

/** Valid sync entities of each kind, with the ids given. */
export const entity = {
  bookmark: (_id: string, overrides: Record<string, unknown> = {}) => ({
    ...createBookmarkFixture({ _id }),
    _objectStore: 'bookmarks',
    ...overrides,
  }),
  mark: (_id: string, bookmarkId: string, overrides: Record<string, unknown> = {}) => ({
    ...createMarkFixture({ _id, _bookmark: bookmarkId }),
    _objectStore: 'marks',
    ...overrides,
  }),
  settings: (_id: string, overrides: Record<string, unknown> = {}) => ({
    ...createChromeSettingsFixture({ _id }),
    _objectStore: 'chromesettings',
    ...overrides,
  }),
  page: (_id: string, content: string, overrides: Record<string, unknown> = {}) => ({
    ...createPageContentFixture({ _id, content }),
    _objectStore: 'pagecontents',
    ...overrides,
  }),
  chat: (_id: string, question: string, overrides: Record<string, unknown> = {}) => ({
    ...createAiChatFixture({
      _id,
      messages: [{ role: 'user', content: question, createdAt: 1 }],
    }),
    _objectStore: 'aichats',
    ...overrides,
  }),
}

/** The ids of pulled entities, sorted, with tombstones marked `id(deleted)`. */
export function pulledIds(entities: readonly Record<string, unknown>[]): string[] {
  return entities
    .map((pulled) => `${String(pulled._id)}${pulled.deleted === true ? '(deleted)' : ''}`)
    .sort()
}

// The sharing benchmark's data: one account (billing off gives it a plan that may share) pushes
// `pages` bookmarks through POST /sync, each PUBLIC with a share id, tags and four highlights
// shown (one with its note shown), the store benchmark's realistic texts. The relay's public
// projection is made from those writes, as it is for any client's.
import { randomBytes } from 'node:crypto'
import { keepAliveAgent, send } from './http-client'
import { generateBookmark, generateMark } from '../store/generate'

const SEED = 0x5ca1ab1e
const MARKS_PER_PAGE = 4
const BATCH = 20
const TIMEOUT_MS = 30_000

export interface SeededPages {
  shareIds: string[]
  token: string
}

async function post(origin: URL, path: string, body: unknown, token?: string) {
  const agent = keepAliveAgent(1)
  try {
    const response = await send({
      agent,
      origin,
      method: 'POST',
      path,
      body: Buffer.from(JSON.stringify(body)),
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      timeoutMs: TIMEOUT_MS,
    })
    const text = response.body.toString('utf8')
    if (response.status !== 200) {
      throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`)
    }
    return JSON.parse(text) as Record<string, unknown>
  } finally {
    agent.destroy()
  }
}

/** Registers the account and pushes `pages` shared pages; resolves with their share ids. */
export async function seedPublicPages(origin: URL, pages: number): Promise<SeededPages> {
  const { token } = (await post(origin, '/users/register', {
    email: 'sharing-bench@example.com',
    password: 'correct horse battery',
  })) as { token: string }
  const shareIds: string[] = []
  const entities: Record<string, unknown>[] = []
  for (let page = 0; page < pages; page += 1) {
    const shareId = randomBytes(16).toString('base64url')
    shareIds.push(shareId)
    entities.push({ ...generateBookmark(SEED, page), permission: 'PUBLIC', shareId })
  }
  for (let index = 0; index < pages * MARKS_PER_PAGE; index += 1) {
    const mark = generateMark(SEED, index, pages)
    entities.push({
      ...mark,
      permission: 'PUBLIC',
      isNotePublic: index % MARKS_PER_PAGE === 0 && typeof mark.notes === 'string',
    })
  }
  for (let start = 0; start < entities.length; start += BATCH) {
    const answer = await post(
      origin,
      '/sync',
      { entities: entities.slice(start, start + BATCH) },
      token,
    )
    const rejected = answer.rejected as unknown[]
    if (rejected.length > 0) {
      throw new Error(`POST /sync rejected ${JSON.stringify(rejected).slice(0, 300)}`)
    }
  }
  return { shareIds, token }
}

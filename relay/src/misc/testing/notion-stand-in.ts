// A TEST STAND-IN for Notion's API, never a default and never used outside tests: a small HTTP
// server a test starts on loopback and points the misc server at (config.misc.notion.apiBaseUrl).
// It follows Notion's documented requests and answers for API version 2022-06-28 as far as the
// misc server uses them: the Notion-Version header is required, calls carry `Bearer <token>`,
// oauth/token takes Basic auth of client id:secret and answers an OAuth error for a bad code,
// search, pages (POST, GET, PATCH), block children (GET with pagination, PATCH to append at most
// 100), block DELETE and databases (GET); errors are `{ object: 'error', status, code, message }`.
// Switches make it answer 429 rate_limited with Retry-After, or hold answers back (timeouts). It
// keeps what it was sent so tests can assert the blocks.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The API version the stand-in answers (any other is refused, like Notion refuses unknown ones). */
export const STAND_IN_NOTION_VERSION = '2022-06-28'
/** Notion's limits the stand-in checks. */
const MAX_CHILDREN = 100
const MAX_RICH_TEXT = 2_000
const MAX_PAGE_SIZE = 100

export interface StandInBlock {
  id: string
  type: string
  parentId: string
  archived: boolean
  /** The block as it was sent. */
  sent: Record<string, unknown>
}

export interface StandInPage {
  id: string
  url: string
  parent:
    | { type: 'page_id'; page_id: string }
    | { type: 'database_id'; database_id: string }
    | { type: 'workspace'; workspace: true }
  properties: Record<string, unknown>
  archived: boolean
  icon: unknown
  createdTime: string
}

export interface StandInDatabase {
  id: string
  title: string
  url: string
  properties: Record<string, { id: string; type: string; name: string }>
  archived: boolean
}

/** One request the stand-in received (the Authorization header is kept, as tests check it). */
export interface ReceivedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: unknown
}

export interface NotionStandIn {
  /** The base address to configure (`http://127.0.0.1:<port>`). */
  url: string
  clientId: string
  clientSecret: string
  pages: Map<string, StandInPage>
  databases: Map<string, StandInDatabase>
  blocks: Map<string, StandInBlock>
  requests: ReceivedRequest[]
  /** A token Notion would have issued, accepted from now on. */
  issueToken(): string
  /** Stops accepting a token (the user removed the integration). */
  revokeToken(token: string): void
  /** An OAuth code Notion would send to `redirectUri`. */
  issueCode(redirectUri: string): string
  addPage(
    title: string,
    options?: { parentPageId?: string; archived?: boolean; icon?: string },
  ): StandInPage
  addDatabase(title: string, properties: Record<string, string>): StandInDatabase
  /** The live (not deleted) child blocks of a page or block, in order. */
  childrenOf(id: string): StandInBlock[]
  /** The plain text of a page's title property. */
  titleOf(pageId: string): string
  /** The next `count` API calls answer 429 rate_limited with Retry-After `seconds`. */
  rateLimitNext(count: number, seconds: number): void
  /** The next `count` API calls get no answer (the client times out); released on close. */
  holdNext(count: number): void
  close(): Promise<void>
}

class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

function notionUrl(title: string, id: string): string {
  const slug = title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'Untitled'
  return `https://www.notion.so/${slug}-${id.replace(/-/g, '')}`
}

function plain(id: string): string {
  return id.replace(/-/g, '').toLowerCase()
}

function richTextOf(value: unknown): { plain_text: string }[] {
  if (!Array.isArray(value)) {
    throw new StandInError(400, 'validation_error', 'rich_text should be an array')
  }
  if (value.length > 100) {
    throw new StandInError(400, 'validation_error', 'rich_text should have at most 100 items')
  }
  return value.map((item: { text?: { content?: unknown } }) => {
    const content = item?.text?.content
    if (typeof content !== 'string') {
      throw new StandInError(400, 'validation_error', 'text.content should be a string')
    }
    if (content.length > MAX_RICH_TEXT) {
      throw new StandInError(
        400,
        'validation_error',
        `body failed validation: text.content.length should be ≤ \`2000\`, instead was \`${content.length}\`.`,
      )
    }
    return { ...(item as object), plain_text: content }
  })
}

function checkBlock(block: unknown): { type: string; value: Record<string, unknown> } {
  const candidate = block as Record<string, unknown> | null
  const type = candidate?.type
  if (typeof type !== 'string' || typeof candidate?.[type] !== 'object') {
    throw new StandInError(400, 'validation_error', 'body failed validation: a block has no type')
  }
  const value = candidate[type] as Record<string, unknown>
  if ('rich_text' in value) {
    richTextOf(value.rich_text)
  }
  return { type, value }
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text === '') {
    return undefined
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new StandInError(400, 'invalid_json', 'Error parsing JSON body.')
  }
}

/** Starts the stand-in on a free loopback port. */
export async function startNotionStandIn(): Promise<NotionStandIn> {
  const clientId = `client-${randomUUID()}`
  const clientSecret = `secret-${randomUUID()}`
  const tokens = new Set<string>()
  const codes = new Map<string, string>()
  const pages = new Map<string, StandInPage>()
  const databases = new Map<string, StandInDatabase>()
  const blocks = new Map<string, StandInBlock>()
  const order = new Map<string, string[]>()
  const requests: ReceivedRequest[] = []
  const held: ServerResponse[] = []
  let rateLimited = 0
  let retryAfter = 1
  let toHold = 0

  const findPage = (id: string) => [...pages.values()].find((page) => plain(page.id) === plain(id))
  const findDatabase = (id: string) =>
    [...databases.values()].find((database) => plain(database.id) === plain(id))
  const findParent = (id: string) =>
    findPage(id) ?? [...blocks.values()].find((block) => plain(block.id) === plain(id))

  const appendChildren = (parentId: string, children: unknown): StandInBlock[] => {
    if (!Array.isArray(children)) {
      throw new StandInError(
        400,
        'validation_error',
        'body failed validation: children should be an array',
      )
    }
    if (children.length > MAX_CHILDREN) {
      throw new StandInError(
        400,
        'validation_error',
        `body failed validation: body.children.length should be ≤ \`100\`, instead was \`${children.length}\`.`,
      )
    }
    const checked = children.map(checkBlock)
    const list = order.get(parentId) ?? []
    const added = checked.map(({ type }, index) => {
      const block: StandInBlock = {
        id: randomUUID(),
        type,
        parentId,
        archived: false,
        sent: children[index] as Record<string, unknown>,
      }
      blocks.set(block.id, block)
      list.push(block.id)
      return block
    })
    order.set(parentId, list)
    return added
  }

  const pageObject = (page: StandInPage) => ({
    object: 'page',
    id: page.id,
    created_time: page.createdTime,
    last_edited_time: page.createdTime,
    archived: page.archived,
    in_trash: page.archived,
    icon: page.icon,
    cover: null,
    parent: page.parent,
    properties: page.properties,
    url: page.url,
  })

  const databaseObject = (database: StandInDatabase) => ({
    object: 'database',
    id: database.id,
    title: [{ type: 'text', text: { content: database.title }, plain_text: database.title }],
    archived: database.archived,
    icon: null,
    parent: { type: 'workspace', workspace: true },
    properties: database.properties,
    url: database.url,
  })

  const blockObject = (block: StandInBlock) => ({
    object: 'block',
    id: block.id,
    type: block.type,
    archived: block.archived,
    has_children: (order.get(block.id) ?? []).length > 0,
    [block.type]: block.sent[block.type],
  })

  const list = (results: unknown[], query: URLSearchParams | Record<string, unknown>) => {
    const read = (name: string) =>
      query instanceof URLSearchParams
        ? query.get(name)
        : (query[name] as string | number | undefined)
    const size = Math.min(
      MAX_PAGE_SIZE,
      Number(read('page_size') ?? MAX_PAGE_SIZE) || MAX_PAGE_SIZE,
    )
    const start = Number(read('start_cursor') ?? 0) || 0
    const slice = results.slice(start, start + size)
    const more = start + size < results.length
    return {
      object: 'list',
      results: slice,
      has_more: more,
      next_cursor: more ? String(start + size) : null,
    }
  }

  const propertiesFor = (
    parent: StandInPage['parent'],
    properties: unknown,
  ): Record<string, unknown> => {
    const given = (properties ?? {}) as Record<string, Record<string, unknown>>
    const stored: Record<string, unknown> = {}
    if (parent.type === 'page_id') {
      const names = Object.keys(given)
      if (names.some((name) => name !== 'title')) {
        throw new StandInError(
          400,
          'validation_error',
          'body failed validation: a page under a page may only have a title property',
        )
      }
    }
    const schema =
      parent.type === 'database_id' ? findDatabase(parent.database_id)?.properties : undefined
    for (const [name, value] of Object.entries(given)) {
      const type = schema ? schema[name]?.type : 'title'
      if (!type) {
        throw new StandInError(400, 'validation_error', `${name} is not a property that exists.`)
      }
      if (!(type in value)) {
        throw new StandInError(400, 'validation_error', `${name} is expected to be ${type}.`)
      }
      if (type === 'title') {
        stored[name] = { id: 'title', type: 'title', title: richTextOf(value.title) }
      } else if (type === 'url') {
        stored[name] = { type: 'url', url: value.url }
      } else if (type === 'multi_select') {
        const options = value.multi_select as { name: string }[]
        if (options.some((option) => option.name.includes(','))) {
          throw new StandInError(400, 'validation_error', 'Option names cannot contain commas')
        }
        stored[name] = { type: 'multi_select', multi_select: options }
      } else {
        stored[name] = { type, [type]: value[type] }
      }
    }
    return stored
  }

  const titleOf = (pageId: string): string => {
    const page = findPage(pageId)
    const property = Object.values(page?.properties ?? {}).find(
      (value) => (value as { type?: string }).type === 'title',
    ) as { title: { plain_text: string }[] } | undefined
    return (property?.title ?? []).map((item) => item.plain_text).join('')
  }

  const authorized = (request: IncomingMessage) => {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')
    if (!match?.[1] || !tokens.has(match[1])) {
      throw new StandInError(401, 'unauthorized', 'API token is invalid.')
    }
  }

  const route = (request: IncomingMessage, url: URL, body: unknown): unknown => {
    const method = request.method ?? 'GET'
    const path = url.pathname
    if (method === 'POST' && path === '/v1/oauth/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
      if (request.headers.authorization !== expected) {
        throw Object.assign(new StandInError(401, 'invalid_client', 'invalid_client'), {
          oauth: true,
        })
      }
      const {
        grant_type: grantType,
        code,
        redirect_uri: redirectUri,
      } = (body ?? {}) as Record<string, string>
      if (
        grantType !== 'authorization_code' ||
        !codes.has(code ?? '') ||
        codes.get(code ?? '') !== redirectUri
      ) {
        throw Object.assign(new StandInError(400, 'invalid_grant', 'Invalid code.'), {
          oauth: true,
        })
      }
      codes.delete(code ?? '')
      const token = `secret_${randomUUID().replace(/-/g, '')}`
      tokens.add(token)
      return {
        access_token: token,
        token_type: 'bearer',
        refresh_token: null,
        bot_id: randomUUID(),
        workspace_name: 'Stand-in workspace',
        workspace_icon: '📓',
        workspace_id: randomUUID(),
        owner: { type: 'workspace', workspace: true },
        duplicated_template_id: null,
      }
    }
    authorized(request)
    let match: RegExpExecArray | null
    if (method === 'POST' && path === '/v1/search') {
      const found = [
        ...[...pages.values()].filter((page) => !page.archived).map(pageObject),
        ...[...databases.values()].filter((database) => !database.archived).map(databaseObject),
      ]
      return list(found, (body ?? {}) as Record<string, unknown>)
    }
    if (method === 'POST' && path === '/v1/pages') {
      const { parent, properties, children } = (body ?? {}) as Record<string, unknown>
      const given = (parent ?? {}) as { page_id?: string; database_id?: string }
      let storedParent: StandInPage['parent']
      if (given.page_id) {
        const page = findPage(given.page_id)
        if (!page || page.archived) {
          throw new StandInError(
            404,
            'object_not_found',
            `Could not find page with ID: ${given.page_id}.`,
          )
        }
        storedParent = { type: 'page_id', page_id: page.id }
      } else if (given.database_id) {
        const database = findDatabase(given.database_id)
        if (!database) {
          throw new StandInError(
            404,
            'object_not_found',
            `Could not find database with ID: ${given.database_id}.`,
          )
        }
        storedParent = { type: 'database_id', database_id: database.id }
      } else {
        throw new StandInError(
          400,
          'validation_error',
          'body failed validation: parent should be defined',
        )
      }
      const stored = propertiesFor(storedParent, properties)
      const id = randomUUID()
      const page: StandInPage = {
        id,
        url: '',
        parent: storedParent,
        properties: stored,
        archived: false,
        icon: null,
        createdTime: new Date().toISOString(),
      }
      pages.set(id, page)
      page.url = notionUrl(titleOf(id), id)
      if (children !== undefined) {
        try {
          appendChildren(id, children)
        } catch (error) {
          pages.delete(id)
          throw error
        }
      }
      return pageObject(page)
    }
    if ((match = /^\/v1\/pages\/([^/]+)$/.exec(path))) {
      const page = findPage(decodeURIComponent(match[1] ?? ''))
      if (!page) {
        throw new StandInError(404, 'object_not_found', `Could not find page with ID: ${match[1]}.`)
      }
      if (method === 'GET') {
        return pageObject(page)
      }
      if (method === 'PATCH') {
        const { properties, archived } = (body ?? {}) as Record<string, unknown>
        if (properties !== undefined) {
          page.properties = { ...page.properties, ...propertiesFor(page.parent, properties) }
        }
        if (typeof archived === 'boolean') {
          page.archived = archived
        }
        return pageObject(page)
      }
    }
    if ((match = /^\/v1\/blocks\/([^/]+)\/children$/.exec(path))) {
      const parent = findParent(decodeURIComponent(match[1] ?? ''))
      if (!parent || parent.archived) {
        throw new StandInError(
          404,
          'object_not_found',
          `Could not find block with ID: ${match[1]}.`,
        )
      }
      if (method === 'GET') {
        return list(childrenOf(parent.id).map(blockObject), url.searchParams)
      }
      if (method === 'PATCH') {
        const added = appendChildren(parent.id, ((body ?? {}) as { children?: unknown }).children)
        return {
          object: 'list',
          results: added.map(blockObject),
          has_more: false,
          next_cursor: null,
        }
      }
    }
    if ((match = /^\/v1\/blocks\/([^/]+)$/.exec(path)) && method === 'DELETE') {
      const block = [...blocks.values()].find(
        (one) => plain(one.id) === plain(decodeURIComponent(match?.[1] ?? '')),
      )
      if (!block || block.archived) {
        throw new StandInError(
          404,
          'object_not_found',
          `Could not find block with ID: ${match[1]}.`,
        )
      }
      block.archived = true
      return { ...blockObject(block), archived: true }
    }
    if ((match = /^\/v1\/databases\/([^/]+)$/.exec(path)) && method === 'GET') {
      const database = findDatabase(decodeURIComponent(match[1] ?? ''))
      if (!database) {
        throw new StandInError(
          404,
          'object_not_found',
          `Could not find database with ID: ${match[1]}.`,
        )
      }
      return databaseObject(database)
    }
    throw new StandInError(400, 'invalid_request_url', 'Invalid request URL.')
  }

  function childrenOf(id: string): StandInBlock[] {
    return (order.get(id) ?? [])
      .map((blockId) => blocks.get(blockId))
      .filter((block): block is StandInBlock => block !== undefined && !block.archived)
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      let body: unknown
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers })
        response.end(JSON.stringify(payload))
      }
      try {
        body = await readBody(request)
        requests.push({
          method: request.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: request.headers,
          body,
        })
        if (toHold > 0) {
          toHold -= 1
          held.push(response)
          return
        }
        if (request.headers['notion-version'] !== STAND_IN_NOTION_VERSION) {
          throw new StandInError(400, 'missing_version', 'Notion-Version header failed validation.')
        }
        if (rateLimited > 0) {
          rateLimited -= 1
          send(
            429,
            {
              object: 'error',
              status: 429,
              code: 'rate_limited',
              message: 'You have been rate limited. Please try again in a few minutes.',
            },
            { 'retry-after': String(retryAfter) },
          )
          return
        }
        send(200, route(request, url, body))
      } catch (error) {
        if (error instanceof StandInError) {
          if ((error as StandInError & { oauth?: boolean }).oauth) {
            send(error.status, { error: error.code, error_description: error.message })
          } else {
            send(error.status, {
              object: 'error',
              status: error.status,
              code: error.code,
              message: error.message,
            })
          }
          return
        }
        send(500, {
          object: 'error',
          status: 500,
          code: 'internal_server_error',
          message: 'Unexpected error.',
        })
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    pages,
    databases,
    blocks,
    requests,
    issueToken() {
      const token = `secret_${randomUUID().replace(/-/g, '')}`
      tokens.add(token)
      return token
    },
    revokeToken(token) {
      tokens.delete(token)
    },
    issueCode(redirectUri) {
      const code = randomUUID()
      codes.set(code, redirectUri)
      return code
    },
    addPage(title, options = {}) {
      const id = randomUUID()
      const page: StandInPage = {
        id,
        url: notionUrl(title, id),
        parent: options.parentPageId
          ? { type: 'page_id', page_id: options.parentPageId }
          : { type: 'workspace', workspace: true },
        properties: {
          title: {
            id: 'title',
            type: 'title',
            title: [{ type: 'text', text: { content: title }, plain_text: title }],
          },
        },
        archived: options.archived ?? false,
        icon: options.icon ? { type: 'emoji', emoji: options.icon } : null,
        createdTime: new Date().toISOString(),
      }
      pages.set(id, page)
      return page
    },
    addDatabase(title, properties) {
      const id = randomUUID()
      const database: StandInDatabase = {
        id,
        title,
        url: notionUrl(title, id),
        properties: Object.fromEntries(
          Object.entries(properties).map(([name, type]) => [
            name,
            { id: randomUUID().slice(0, 4), type, name },
          ]),
        ),
        archived: false,
      }
      databases.set(id, database)
      return database
    },
    childrenOf,
    titleOf,
    rateLimitNext(count, seconds) {
      rateLimited = count
      retryAfter = seconds
    },
    holdNext(count) {
      toHold = count
    },
    async close() {
      for (const response of held) {
        response.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

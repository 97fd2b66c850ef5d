// Exporting a page with its highlights to Notion (API version 2022-06-28): as a child page of a
// page, or as a row of a database (its title property found by type 'title', its URL and Tags
// properties used when the database has them). A second export of the same page updates the Notion
// page it made (payload.existingPageId): its properties are set again and its content replaced
// (every block listed, deleted, and the new ones appended), so the user never gets a duplicate.
// An existing page that is gone, archived, or under another target than the one chosen now is
// left alone and a new page is made.
import type { ExportPagePayload, ExportResult } from '@inkmark/shared'
import { APIErrorCode, APIResponseError, type Client } from '@notionhq/client'
import {
  batchBlocks,
  exportBlocks,
  multiSelectValue,
  titleValue,
  type NotionBlock,
} from './notion-blocks'

/** Where the export goes. */
export interface NotionExportTarget {
  kind: 'page' | 'database'
  id: string
}

interface NotionPage {
  object: 'page'
  id: string
  url: string
  archived?: boolean
  in_trash?: boolean
  parent?: { type?: string; page_id?: string; database_id?: string }
}

interface NotionDatabase {
  id: string
  properties: Record<string, { id?: string; type?: string }>
}

interface BlockList {
  results: { id: string }[]
  has_more?: boolean
  next_cursor?: string | null
}

/** Notion ids with or without dashes, compared alike. */
export function sameNotionId(a: string | undefined, b: string | undefined): boolean {
  const plain = (id: string | undefined) => (id ?? '').replace(/-/g, '').toLowerCase()
  return plain(a) !== '' && plain(a) === plain(b)
}

/** The name of the first property of `type`, preferring one whose name matches `preferred`. */
function propertyOfType(
  database: NotionDatabase,
  type: string,
  preferred?: RegExp,
): string | undefined {
  const names = Object.entries(database.properties)
    .filter(([, property]) => property.type === type)
    .map(([name]) => name)
  return (preferred ? names.find((name) => preferred.test(name)) : undefined) ?? names[0]
}

/** The properties of the exported page: a title under a page; title, URL and tags in a database. */
async function propertiesFor(
  client: Client,
  target: NotionExportTarget,
  payload: ExportPagePayload,
): Promise<Record<string, unknown>> {
  if (target.kind === 'page') {
    return { title: titleValue(payload.page.title) }
  }
  const database = await client.request<NotionDatabase>({
    path: `databases/${encodeURIComponent(target.id)}`,
    method: 'get',
  })
  const properties: Record<string, unknown> = {}
  const title = propertyOfType(database, 'title')
  if (title !== undefined) {
    properties[title] = titleValue(payload.page.title)
  }
  const url = propertyOfType(database, 'url', /^(url|link|source)$/i)
  if (url !== undefined) {
    properties[url] = { url: payload.page.url }
  }
  const tags = propertyOfType(database, 'multi_select', /^tags?$/i)
  if (tags !== undefined) {
    properties[tags] = multiSelectValue(payload.page.tags)
  }
  return properties
}

async function appendBlocks(
  client: Client,
  pageId: string,
  batches: NotionBlock[][],
): Promise<void> {
  for (const children of batches) {
    await client.request({
      path: `blocks/${encodeURIComponent(pageId)}/children`,
      method: 'patch',
      body: { children },
    })
  }
}

/** Every child block id of a page, all pages of the list read. */
async function childBlockIds(client: Client, pageId: string): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | undefined
  do {
    const list = await client.request<BlockList>({
      path: `blocks/${encodeURIComponent(pageId)}/children`,
      method: 'get',
      query: { page_size: 100, ...(cursor ? { start_cursor: cursor } : {}) },
    })
    ids.push(...list.results.map((block) => block.id))
    cursor = list.has_more && list.next_cursor ? list.next_cursor : undefined
  } while (cursor)
  return ids
}

/** The existing page if it can be updated: there, not archived, under the chosen target. */
async function updatablePage(
  client: Client,
  pageId: string,
  target: NotionExportTarget,
): Promise<NotionPage | undefined> {
  let page: NotionPage
  try {
    page = await client.request<NotionPage>({
      path: `pages/${encodeURIComponent(pageId)}`,
      method: 'get',
    })
  } catch (error) {
    if (APIResponseError.isAPIResponseError(error) && error.code === APIErrorCode.ObjectNotFound) {
      return undefined
    }
    throw error
  }
  if (page.archived || page.in_trash) {
    return undefined
  }
  const parentId = target.kind === 'page' ? page.parent?.page_id : page.parent?.database_id
  return sameNotionId(parentId, target.id) ? page : undefined
}

/** Exports the payload under `target`: a new page, or the existing one updated. */
export async function exportToNotion(
  client: Client,
  target: NotionExportTarget,
  payload: ExportPagePayload,
): Promise<ExportResult> {
  const properties = await propertiesFor(client, target, payload)
  const batches = batchBlocks(exportBlocks(payload))
  const existing = payload.existingPageId
    ? await updatablePage(client, payload.existingPageId, target)
    : undefined
  if (existing) {
    const updated = await client.request<NotionPage>({
      path: `pages/${encodeURIComponent(existing.id)}`,
      method: 'patch',
      body: { properties },
    })
    // The new blocks first, then the old ones go: an export that fails part way (a rate limit, a
    // timeout) leaves the page with its highlights, never an emptied page.
    const old = await childBlockIds(client, existing.id)
    await appendBlocks(client, existing.id, batches)
    for (const blockId of old) {
      await client.request({ path: `blocks/${encodeURIComponent(blockId)}`, method: 'delete' })
    }
    return { id: updated.id, url: updated.url }
  }
  const [first = [], ...rest] = batches
  const parent = target.kind === 'page' ? { page_id: target.id } : { database_id: target.id }
  const created = await client.request<NotionPage>({
    path: 'pages',
    method: 'post',
    body: { parent, properties, children: first },
  })
  await appendBlocks(client, created.id, rest)
  return { id: created.id, url: created.url }
}

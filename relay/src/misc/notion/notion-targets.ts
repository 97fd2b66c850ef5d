// What GET /notion/pages lists: the pages and databases the user gave the integration, found by
// Notion's search (2022-06-28 objects), newest edited first, with their titles read from their
// properties (a page's property of type 'title', a database's title) and their icons. Rows of a
// database are left out: they are the database's entries, not places to export to.
import type { NotionTarget } from '@inkmark/shared'
import type { Client } from '@notionhq/client'

/** Search pages read for the list (100 results each). */
export const MAX_SEARCH_PAGES = 5
/** Results per search request (Notion's largest page size). */
export const SEARCH_PAGE_SIZE = 100

interface RichTextItem {
  plain_text?: string
  text?: { content?: string }
}

interface SearchObject {
  object: string
  id: string
  url?: string
  archived?: boolean
  in_trash?: boolean
  icon?: {
    type?: string
    emoji?: string
    external?: { url?: string }
    file?: { url?: string }
  } | null
  parent?: { type?: string }
  title?: RichTextItem[]
  properties?: Record<string, { type?: string; title?: RichTextItem[] }>
}

interface SearchAnswer {
  results: SearchObject[]
  has_more?: boolean
  next_cursor?: string | null
}

/** The plain text of a rich-text array. */
export function plainText(items: readonly RichTextItem[] | undefined): string {
  return (items ?? []).map((item) => item.plain_text ?? item.text?.content ?? '').join('')
}

function iconOf(icon: SearchObject['icon']): string | undefined {
  if (!icon) {
    return undefined
  }
  return icon.type === 'emoji'
    ? icon.emoji
    : icon.type === 'external'
      ? icon.external?.url
      : icon.type === 'file'
        ? icon.file?.url
        : undefined
}

/** A search result as a target, or undefined for what cannot be exported to. */
export function targetOf(found: SearchObject): NotionTarget | undefined {
  if (found.archived || found.in_trash) {
    return undefined
  }
  let kind: NotionTarget['kind']
  let title: string
  if (found.object === 'database') {
    kind = 'database'
    title = plainText(found.title)
  } else if (found.object === 'page' && found.parent?.type !== 'database_id') {
    kind = 'page'
    const titleProperty = Object.values(found.properties ?? {}).find(
      (property) => property.type === 'title',
    )
    title = plainText(titleProperty?.title)
  } else {
    return undefined
  }
  const icon = iconOf(found.icon)
  return {
    id: found.id,
    title: title.trim() === '' ? 'Untitled' : title,
    kind,
    ...(found.url ? { url: found.url } : {}),
    ...(icon ? { icon } : {}),
  }
}

/** The pages and databases the integration can see. */
export async function listNotionTargets(client: Client): Promise<NotionTarget[]> {
  const targets: NotionTarget[] = []
  let cursor: string | undefined
  for (let page = 0; page < MAX_SEARCH_PAGES; page += 1) {
    const answer = await client.request<SearchAnswer>({
      path: 'search',
      method: 'post',
      body: {
        page_size: SEARCH_PAGE_SIZE,
        sort: { direction: 'descending', timestamp: 'last_edited_time' },
        ...(cursor ? { start_cursor: cursor } : {}),
      },
    })
    for (const found of answer.results) {
      const target = targetOf(found)
      if (target) {
        targets.push(target)
      }
    }
    if (!answer.has_more || !answer.next_cursor) {
      break
    }
    cursor = answer.next_cursor
  }
  return targets
}

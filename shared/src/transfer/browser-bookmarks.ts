// Browser bookmark files (Chrome, Firefox, Edge, Safari "Export bookmarks"): the Netscape bookmark
// format, a <DL> tree of folders (<H3>) and links (<A>), each optionally followed by a <DD>
// description. Read into the spec's import items (section 3: link with addDate, title, icon, url;
// folder with addDate, lastModified, title, children), then every link becomes a bookmark (its
// TAGS and description kept; folders and icons are not). The markup is too loose for XML and too
// regular to need a DOM, so it is read as a stream of these few tags.
import { FileImportType } from '../domain/entities/bookmark'
import { forEachInChunks } from './chunked-work'
import { decodeHtmlEntities, htmlToText, readAttributes } from './html-text'
import { ImportCollector } from './import-collector'
import { readTextInput } from './import-input'
import type { FileOrigin, ImportOptions, FileImportResult } from './import-result'
import { invalidFileError } from './import-result'
import { epochToMillis, splitTags } from './import-values'

/** What the invalid-file message names for this importer. */
export const BROWSER_BOOKMARKS_ORIGIN: FileOrigin = { extension: 'HTML', service: 'your browser' }
/** The doctype every Netscape bookmark file starts with. */
export const NETSCAPE_DOCTYPE = /<!DOCTYPE\s+NETSCAPE-Bookmark-file-1\s*>/i

/** A link of a bookmark file. */
export interface BrowserBookmarkLink {
  type: 'link'
  url: string
  title: string
  addDate?: number
  /** LAST_MODIFIED, which Firefox writes for links too. */
  lastModified?: number
  /** ADD_DATE as the file writes it. */
  addDateText?: string
  icon?: string
  tags: string[]
  description?: string
}

/** A folder of a bookmark file. */
export interface BrowserBookmarkFolder {
  type: 'folder'
  title: string
  addDate?: number
  lastModified?: number
  description?: string
  children: BrowserBookmarkItem[]
}

/** An item of a bookmark file. */
export type BrowserBookmarkItem = BrowserBookmarkLink | BrowserBookmarkFolder

const TOKEN = /<(\/?)(dl|h3|a|dd)\b([^>]*)>/gi

/** The items of a bookmark file, as a tree; throws the invalid-file error without the doctype. */
export function parseBrowserBookmarks(text: string): BrowserBookmarkItem[] {
  const html = readTextInput(text, BROWSER_BOOKMARKS_ORIGIN)
  if (!NETSCAPE_DOCTYPE.test(html.slice(0, 1024))) {
    throw invalidFileError(BROWSER_BOOKMARKS_ORIGIN, 'no NETSCAPE-Bookmark-file-1 doctype')
  }
  const root: BrowserBookmarkItem[] = []
  const stack: BrowserBookmarkItem[][] = []
  let pendingFolder: BrowserBookmarkFolder | null = null
  let last: BrowserBookmarkItem | null = null
  for (const match of html.matchAll(TOKEN)) {
    const closing = match[1] === '/'
    const name = (match[2] ?? '').toLowerCase()
    const end = (match.index ?? 0) + match[0].length
    const siblings = stack.at(-1) ?? root
    if (name === 'dl') {
      if (closing) {
        stack.pop()
      } else {
        stack.push(pendingFolder?.children ?? (stack.length === 0 ? root : siblings))
      }
      pendingFolder = null
      last = null
    } else if (name === 'h3' && !closing) {
      const attributes = readAttributes(match[0])
      pendingFolder = {
        type: 'folder',
        title: textUntil(html, end, 'h3'),
        addDate: epochToMillis(attributes.get('add_date')),
        lastModified: epochToMillis(attributes.get('last_modified')),
        children: [],
      }
      siblings.push(pendingFolder)
      last = pendingFolder
    } else if (name === 'a' && !closing) {
      const attributes = readAttributes(match[0])
      last = {
        type: 'link',
        url: attributes.get('href') ?? '',
        title: textUntil(html, end, 'a'),
        addDate: epochToMillis(attributes.get('add_date')),
        lastModified: epochToMillis(attributes.get('last_modified')),
        addDateText: attributes.get('add_date'),
        icon: attributes.get('icon') ?? attributes.get('icon_uri'),
        tags: splitTags(attributes.get('tags') ?? '', ','),
      }
      siblings.push(last)
    } else if (name === 'dd' && !closing && last !== null) {
      // A description runs to the next tag; the file escapes any < inside it.
      const next = html.indexOf('<', end)
      const description = decodeHtmlEntities(html.slice(end, next < 0 ? undefined : next)).trim()
      if (description !== '') {
        last.description = description
      }
      last = null
    }
  }
  return root
}

/** Every link of a bookmark tree, depth first in file order. */
export function listBrowserBookmarkLinks(
  items: readonly BrowserBookmarkItem[],
): BrowserBookmarkLink[] {
  return items.flatMap((item) =>
    item.type === 'link' ? [item] : listBrowserBookmarkLinks(item.children),
  )
}

/** Reads a browser bookmark file into bookmarks. */
export async function importBrowserBookmarks(
  text: string,
  options: ImportOptions,
): Promise<FileImportResult> {
  const links = listBrowserBookmarkLinks(parseBrowserBookmarks(text))
  const collector = new ImportCollector(options, FileImportType.BROWSER_BOOKMARKS)
  await forEachInChunks(
    links,
    (link, index) => {
      collector.addBookmark(
        {
          url: link.url,
          title: link.title || undefined,
          description: link.description,
          tags: link.tags,
          createdAt: link.addDate,
          updatedAt: link.lastModified,
          dateText: link.addDateText,
        },
        index + 1,
      )
    },
    options,
  )
  return collector.finish()
}

/** The text from `start` to the closing tag of `tagName` (or to the next tag if it is missing). */
export function textUntil(html: string, start: number, tagName: string): string {
  const closing = new RegExp(`</${tagName}\\s*>|<(dt|dl|dd|/dl|h3|a)\\b`, 'gi')
  closing.lastIndex = start
  const found = closing.exec(html)
  return htmlToText(html.slice(start, found === null ? undefined : found.index))
}

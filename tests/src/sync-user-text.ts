// User texts that merge (ADR 081) for sync tests: old-style HTML content, and typing into a text as
// the web app's bound editor does (open the text's Yjs doc, seed it once from the stored HTML, edit
// it, save the page content with the HTML derived from it). Without Slate: the delta is written in
// the layout @slate-yjs/core uses (an element is a Y.XmlText with its properties as attributes).
import {
  BookmarkType,
  ObjectStore,
  createPageContent,
  seedUserText,
  userTextDocHtml,
  userTextOf,
  type StoredRecord,
} from '@inkmark/shared'
import * as Y from 'yjs'
import { bookmark, put, urlOf } from './sync-entities'
import type { SyncDevice } from './sync-device'
import type { Snapshot } from './sync-snapshot'

/** The bookmark and page content of user text `id` written as HTML, before texts merged. */
export function oldUserText(id: string, words: string): StoredRecord[] {
  const bookmarkId = `${id}-b`
  return [
    bookmark(bookmarkId, { type: BookmarkType.CONTENT_TEXT, isStarred: true }),
    createPageContent({ _id: id, url: urlOf(bookmarkId), content: `<p>${words}</p>` }, Date.now()),
  ]
}

/** A paragraph element as the binding writes it. */
function paragraph(text: string): Y.XmlText {
  const element = new Y.XmlText()
  element.setAttribute('type', 'paragraph')
  element.insert(0, text)
  return element
}

/** The document of a stored `<p>words</p>` (all oldUserText writes). */
function seedDelta(html: string) {
  return [...html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => ({ insert: paragraph(match[1]!) }))
}

/**
 * Types `word` into user text `id` on `device` (seeding it from its HTML if it never merged),
 * at one of the places `choose` picks among word boundaries, or as a new paragraph; resolves once
 * the save is stored (the word is acknowledged). Resolves undefined, typing nothing, when the text
 * is old-style HTML whose body has not reached the device (its record came through the live
 * room): the web app's editor stays closed then too, since a text seeded from a missing body
 * would replace the stored one.
 */
export async function typeIntoUserText(
  device: SyncDevice,
  id: string,
  word: string,
  choose: (count: number) => number,
): Promise<string | undefined> {
  const stored = device.store.getEntityById(id, ObjectStore.PAGE_CONTENTS) as StoredRecord
  const withBody = await device.store.withBody(ObjectStore.PAGE_CONTENTS, stored)
  if (stored.mergeableText !== true && typeof withBody.content !== 'string') {
    return undefined
  }
  const handle = await device.store.openUserText(id)
  try {
    const html = typeof withBody.content === 'string' ? withBody.content : ''
    seedUserText(handle.doc, html, seedDelta(html), 'seed')
    const root = userTextOf(handle.doc)
    const blocks = root.toDelta() as { insert: Y.XmlText }[]
    const places: { block: Y.XmlText; offset: number }[] = []
    for (const { insert: block } of blocks) {
      const text = (block.toDelta() as { insert: unknown }[])
        .map((run) => (typeof run.insert === 'string' ? run.insert : ' '))
        .join('')
      places.push({ block, offset: 0 })
      for (let index = 0; index < text.length; index++) {
        if (text[index] === ']') {
          places.push({ block, offset: index + 1 })
        }
      }
      places.push({ block, offset: block.length })
    }
    const pick = choose(places.length + 1)
    let where: string
    if (pick === places.length) {
      root.insertEmbed(root.length, paragraph(word))
      where = 'a new paragraph'
    } else {
      const place = places[pick]!
      place.block.insert(place.offset, word)
      where = `block ${blocks.findIndex((entry) => entry.insert === place.block)} at ${place.offset}`
    }
    const { textState: _state, ...metadata } = withBody
    await put(device, [{ ...metadata, content: userTextDocHtml(handle.doc), mergeableText: true }])
    return where
  } finally {
    await handle.release()
  }
}

/** A snapshot without the texts' Yjs states: equal texts may encode differently; `content` is compared. */
export function withoutTextStates(snapshot: Snapshot): Snapshot {
  return Object.fromEntries(
    Object.entries(snapshot).map(([key, value]) => {
      const { textState: _state, ...rest } = value
      return [key, rest]
    }),
  )
}

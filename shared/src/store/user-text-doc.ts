// Text a person writes (user content, ADR 081) lives in a Y.XmlText laid out the way
// `@slate-yjs/core` lays out a Slate document: each element is an embedded Y.XmlText whose
// attributes are the element's properties, each text run a string whose attributes are its marks.
// The web app binds its editor to it; this module reads it without Slate (the store and the relay
// derive the HTML from the merged text, domain/user-text-html.ts), moves the text over the wire as a Yjs update, and seeds a
// text from its old HTML deterministically so two devices migrating the same HTML do not duplicate it.
import * as Y from 'yjs'
import {
  isUserTextLeaf,
  userTextHtml,
  type UserTextElement,
  type UserTextLeaf,
  type UserTextNode,
} from '../domain/user-text-html'

/** The name of the shared root in a user text doc (`sharedType` of the Slate binding). */
export const USER_TEXT_ROOT = 'content'

/** The shared root of a user text doc. */
export function userTextOf(doc: Y.Doc): Y.XmlText {
  return doc.get(USER_TEXT_ROOT, Y.XmlText)
}

/** Whether the doc holds a user text yet (an empty one has not been seeded). */
export function hasUserText(doc: Y.Doc): boolean {
  return userTextOf(doc).length > 0
}

/** How deeply elements may nest in a user text (the editor nests a few levels; more is hostile). */
export const MAX_USER_TEXT_DEPTH = 32

/** Thrown when a user text nests deeper than MAX_USER_TEXT_DEPTH: it is not read at all. */
export class UserTextTooDeepError extends Error {
  constructor() {
    super(`user text: elements nested deeper than ${MAX_USER_TEXT_DEPTH} levels`)
    this.name = 'UserTextTooDeepError'
  }
}

/** Whether a Y.XmlText embeds elements deeper than `limit` levels (walked without recursion). */
export function userTextNestsDeeperThan(text: Y.XmlText, limit: number): boolean {
  const pending: [Y.XmlText, number][] = [[text, 0]]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [element, depth] = next
    if (depth > limit) {
      return true
    }
    for (const insert of element.toDelta() as { insert: unknown }[]) {
      if (insert.insert instanceof Y.XmlText) {
        pending.push([insert.insert, depth + 1])
      }
    }
  }
  return false
}

/**
 * The document held by a Y.XmlText, as `yTextToSlateElement` of `@slate-yjs/core` reads it. Throws
 * UserTextTooDeepError for a text nested deeper than MAX_USER_TEXT_DEPTH (checked first, without
 * recursion, so a hostile text cannot overflow the stack here or in the HTML made from it).
 */
export function userTextElement(text: Y.XmlText): UserTextElement {
  if (userTextNestsDeeperThan(text, MAX_USER_TEXT_DEPTH)) {
    throw new UserTextTooDeepError()
  }
  return elementOf(text)
}

function elementOf(text: Y.XmlText): UserTextElement {
  const children: UserTextNode[] = []
  for (const insert of text.toDelta() as { insert: unknown; attributes?: object }[]) {
    if (typeof insert.insert === 'string') {
      if (insert.insert.length === 0) {
        continue
      }
      const previous = children[children.length - 1]
      if (
        previous !== undefined &&
        isUserTextLeaf(previous) &&
        sameAttributes(previous, insert.attributes ?? {})
      ) {
        previous.text += insert.insert
        continue
      }
      children.push({ ...insert.attributes, text: insert.insert })
    } else if (insert.insert instanceof Y.XmlText) {
      children.push(elementOf(insert.insert))
    }
  }
  return {
    ...(text.getAttributes() as Record<string, unknown>),
    children: children.length > 0 ? children : [{ text: '' }],
  }
}

function sameAttributes(leaf: UserTextLeaf, attributes: object): boolean {
  const { text: _text, ...marks } = leaf
  return JSON.stringify(marks) === JSON.stringify({ ...attributes })
}

/** The top-level blocks of a user text doc. */
export function userTextBlocks(doc: Y.Doc): UserTextNode[] {
  return userTextElement(userTextOf(doc)).children
}

// ---- the wire: Yjs updates as base64 ----

/** btoa and atob: in every browser and in Node (the shared code is typed without the DOM). */
const base64 = globalThis as unknown as {
  btoa(binary: string): string
  atob(text: string): string
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
  }
  return base64.btoa(binary)
}

/** The bytes of a base64 text; throws on a text that is not base64. */
export function fromBase64(text: string): Uint8Array {
  const binary = base64.atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) {
    bytes[index] = binary.charCodeAt(index)
  }
  return bytes
}

/** The whole state of a user text doc as base64 (what `textState` carries), or undefined if empty. */
export function encodeUserTextState(doc: Y.Doc): string | undefined {
  return hasUserText(doc) ? toBase64(Y.encodeStateAsUpdate(doc)) : undefined
}

/** Whether `state` is a well-formed Yjs update (it may be applied without throwing). */
export function isUserTextState(state: unknown): state is string {
  if (typeof state !== 'string' || state.length === 0) {
    return false
  }
  try {
    const probe = new Y.Doc()
    Y.applyUpdate(probe, fromBase64(state))
    probe.destroy()
    return true
  } catch {
    return false
  }
}

/**
 * Merges a `textState` into the doc (a CRDT merge: both sides' edits are kept); true when the doc
 * holds edits `state` lacks, i.e. the merged text should be sent back.
 */
export function mergeUserTextState(doc: Y.Doc, state: string, origin: unknown): boolean {
  const update = fromBase64(state)
  Y.applyUpdate(doc, update, origin)
  const arrived = new Y.Doc()
  Y.applyUpdate(arrived, update)
  // Same insertions and deletions: nothing here that the sender lacks.
  const lacks = !Y.equalSnapshots(Y.snapshot(arrived), Y.snapshot(doc))
  arrived.destroy()
  return lacks
}

// ---- migration: seeding a text from its old HTML ----

/** FNV-1a of a string: the client id a seed is written with (`seedUserText`). */
export function seedClientId(seed: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < seed.length; index++) {
    hash ^= seed.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  // Never 0, which some tools read as "no client".
  return hash >>> 0 || 1
}

/**
 * Seeds an empty user text with `delta` (the document's insert delta, `slateNodesToInsertDelta`)
 * written as if by one client whose id is derived from `seedKey` (the stored HTML): two devices
 * seeding the same old text write byte-identical items, which Yjs takes as one, so the text is not
 * doubled when both migrate it at once. Different seed keys give different clients, so two
 * different old texts are both kept (nothing lost). Does nothing when the text is not empty.
 */
export function seedUserText(
  doc: Y.Doc,
  seedKey: string,
  delta: readonly { insert: unknown; attributes?: object }[],
  origin: unknown,
): boolean {
  if (hasUserText(doc)) {
    return false
  }
  const seedDoc = new Y.Doc()
  seedDoc.clientID = seedClientId(seedKey)
  userTextOf(seedDoc).applyDelta(delta as never, { sanitize: false })
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(seedDoc), origin)
  seedDoc.destroy()
  return true
}

/**
 * Whether `update` (a decoded `textState`) holds anything written by the seed of `seedKey`, i.e.
 * the text it carries was seeded from that old HTML (or merged with a text that was). The relay
 * refuses a first text for old-style HTML that lacks it: merging it would replace that HTML.
 */
export function updateHasSeedOf(update: Uint8Array, seedKey: string): boolean {
  const clients = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(update))
  return (clients.get(seedClientId(seedKey)) ?? 0) > 0
}

/** The HTML of a user text doc. */
export function userTextDocHtml(doc: Y.Doc): string {
  return userTextHtml(userTextBlocks(doc))
}

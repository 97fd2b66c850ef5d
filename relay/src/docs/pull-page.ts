// A GET /sync page built as text. The library doc holds each entity as its JSON text already, so a
// page is those texts spliced together, each with `_user` added before its closing brace, instead
// of parsing every entity and serializing the page again (that parse and that serialization were
// most of a pull's cost). Splicing is only done with a text known to be what
// `JSON.stringify(JSON.parse(text))` gives, with `_id` equal to its key and no `_user` of its own,
// so the page is exactly the text the parse-and-serialize path would give. The relay's own REST
// writes are such texts (`JSON.stringify` of a parsed body, `_user` removed); any other value (a
// live client's, or one loaded from storage) is checked once, and what passes is remembered per
// map, so the next pull of it is a splice. A value that fails the check takes the old path.
import type { StoredValue } from '@inkmark/shared'
import type * as Y from 'yjs'

/** Per entity map, the text each id held when it was last found (or written) canonical. */
const canonicalTexts = new WeakMap<Y.Map<StoredValue>, Map<string, string>>()

function textsOf(map: Y.Map<StoredValue>): Map<string, string> {
  let texts = canonicalTexts.get(map)
  if (!texts) {
    texts = new Map()
    canonicalTexts.set(map, texts)
  }
  return texts
}

/** Whether `text` is an entity's JSON as `JSON.stringify` writes it, with `_id` `id` and no `_user`. */
export function isCanonicalEntityText(text: string, id: string): boolean {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return false
  }
  return (
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    (parsed as { _id?: unknown })._id === id &&
    !Object.hasOwn(parsed, '_user') &&
    JSON.stringify(parsed) === text
  )
}

/**
 * Records that the value now stored under `id` is canonical entity JSON without checking it: for
 * the relay's own writes of validated entities (`writeEntity` of a record without `_user`).
 */
export function rememberCanonicalText(map: Y.Map<StoredValue>, id: string): void {
  const value = map.get(id)
  if (typeof value === 'string') {
    textsOf(map).set(id, value)
  }
}

/** Forgets the text of `id` (its entity was deleted), so the map does not keep it alive. */
export function forgetCanonicalText(map: Y.Map<StoredValue>, id: string): void {
  canonicalTexts.get(map)?.delete(id)
}

/** What is added before the closing brace of each entity of `userId`'s page. */
export function userSuffix(userId: string): string {
  return `,"_user":${JSON.stringify(userId)}}`
}

/**
 * The entity `id` of `map` as page JSON (its text with `userSuffix` in place of the closing
 * brace), or undefined when its value is not a canonical text (the caller parses it instead).
 */
export function splicedEntity(
  map: Y.Map<StoredValue>,
  id: string,
  suffix: string,
): string | undefined {
  const value = map.get(id)
  if (typeof value !== 'string') {
    return undefined
  }
  const texts = textsOf(map)
  if (texts.get(id) !== value) {
    if (!isCanonicalEntityText(value, id)) {
      return undefined
    }
    texts.set(id, value)
  }
  return value.slice(0, -1) + suffix
}

/** The page's JSON: `{"entities":[...],"cursor":...,"hasMore":...}`, the entities as given. */
export function pageJson(entities: readonly string[], cursor: number, hasMore: boolean): string {
  return `{"entities":[${entities.join(',')}],"cursor":${JSON.stringify(cursor)},"hasMore":${hasMore}}`
}

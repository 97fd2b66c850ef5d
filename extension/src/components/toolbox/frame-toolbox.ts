// The toolbox frame's own logic: our content script places this extension page next to a
// highlight on a web page and tells it, over the line only it holds (pages/frame-link.ts), which
// highlight to show. The highlight's note, its tags and the library's tags are read here, through
// the background with the tab's pass, and never reach the page: what the content script hears back
// is what painting needs (colour, whether notes or tags exist), the panel's size, and our notices.
import {
  MediaType,
  ObjectStore,
  hasMarkNotes,
  markNoteText,
  noteChanges,
  type Mark,
  type MarkDetails,
} from '@inkmark/shared'
import type { MarkChanges } from '@inkmark/shared/guest'
import { Message } from '@inkmark/shared/guest'
import { onHostMessage, postToHost } from '../../pages/frame-link'
import type { HostMessage } from '../../pages/frame-protocol'
import { callStore } from '../../pages/store-client'
import { toolboxPanel } from './toolbox-panel'

const errorText = (error: unknown) => (error instanceof Error ? error.message : Message.GENERIC_ERROR)

/** What the panel shows of `mark`. */
function detailsOf(mark: Mark): MarkDetails {
  return {
    _id: mark._id,
    color: mark.color,
    mediaType: mark.mediaType ?? MediaType.BLOCKQUOTE,
    ...(mark.imageSrc ? { imageSrc: mark.imageSrc } : {}),
    ...(mark.text !== undefined ? { text: mark.text } : {}),
    hasNotes: hasMarkNotes(mark),
    hasTags: mark.tags.length > 0,
    notes: markNoteText(mark),
    tags: [...mark.tags],
  }
}

async function readMark(markId: string): Promise<Mark> {
  const mark = (await callStore('getEntityById', markId, ObjectStore.MARKS)) as Mark | undefined
  if (mark === undefined || mark === null) {
    throw new Error('This highlight is no longer in your library.')
  }
  return mark
}

/** Tells the content script what painting needs after `mark` changed. */
function reportChanged(mark: Mark): void {
  postToHost({
    type: 'changed',
    markId: mark._id,
    color: mark.color,
    hasNotes: hasMarkNotes(mark),
    hasTags: mark.tags.length > 0,
  })
}

/** Up to ten of `names` that start with `prefix` (case aside), as the guest contract suggested. */
export function tagSuggestions(names: readonly string[], prefix: string): string[] {
  const wanted = prefix.trim().toLowerCase()
  return names.filter((name) => name.toLowerCase().startsWith(wanted)).slice(0, 10)
}

let shows = 0
let note: HTMLTextAreaElement | undefined
let resizes: ResizeObserver | undefined

async function show(root: HTMLElement, { markId, colors, hasLink }: ShowMessage): Promise<void> {
  const shown = ++shows
  let mark: Mark
  try {
    mark = await readMark(markId)
  } catch (error) {
    if (shown === shows) {
      postToHost({ type: 'toast', text: errorText(error) })
      postToHost({ type: 'close' })
    }
    return
  }
  if (shown !== shows) {
    return
  }
  let tagNames: Promise<string[]> | undefined
  const built = toolboxPanel(detailsOf(mark), colors, {
    async update(changes: MarkChanges) {
      try {
        const current = await readMark(markId)
        // A note edited as plain text replaces the rich text it was shown from (ADR 026).
        const applied =
          changes.notes === undefined ? changes : { ...changes, ...noteChanges(changes.notes) }
        const result = await callStore('createOrUpdateEntities', [
          { ...current, ...applied, _objectStore: ObjectStore.MARKS },
        ])
        if (result.rejected.length > 0) {
          throw new Error(Message.GENERIC_ERROR)
        }
        const changed = await readMark(markId)
        reportChanged(changed)
        tagNames = undefined
        return detailsOf(changed)
      } catch (error) {
        postToHost({ type: 'toast', text: errorText(error) })
        return undefined
      }
    },
    remove() {
      callStore('markEntitiesAsDeleted', [{ _id: markId, _objectStore: ObjectStore.MARKS }]).then(
        (result) => {
          const bookmarkDeleted = [...result.removed, ...result.markedDeleted].some(
            (ref) => ref._objectStore === ObjectStore.BOOKMARKS && ref._id === mark._bookmark,
          )
          postToHost({ type: 'deleted', markId, bookmarkDeleted })
        },
        (error: unknown) => postToHost({ type: 'toast', text: errorText(error) }),
      )
    },
    async suggestTags(prefix) {
      tagNames ??= callStore('getAllTags').then((tags) => tags.map((tag) => tag.name))
      return tagSuggestions(await tagNames, prefix)
    },
    toast: (text) => postToHost({ type: 'toast', text }),
    ...(hasLink ? { followLink: () => postToHost({ type: 'followLink' }) } : {}),
    close: () => postToHost({ type: 'close' }),
  })
  note = built.note
  root.replaceChildren(built.panel)
  const size = () => {
    const box = built.panel.getBoundingClientRect()
    return { width: Math.ceil(box.width), height: Math.ceil(box.height) }
  }
  postToHost({ type: 'shown', markId, ...size() })
  resizes?.disconnect()
  resizes = new ResizeObserver(() => {
    if (shown === shows) {
      postToHost({ type: 'resized', ...size() })
    }
  })
  resizes.observe(built.panel)
}

type ShowMessage = Extract<HostMessage, { type: 'show' }>

/** Shows in `root` the highlight the content script names, and takes the keyboard when told. */
export function startFrameToolbox(root: HTMLElement): () => void {
  return onHostMessage((message) => {
    if (message.type === 'show') {
      void show(root, message)
    } else if (message.type === 'focus') {
      note?.focus({ preventScroll: true })
    }
  })
}

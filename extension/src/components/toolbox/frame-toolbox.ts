// The toolbox frame's own logic: our content script places this extension page next to a
// highlight on a web page and tells it, over the line only it holds (pages/frame-link.ts), which
// highlight to show. The highlight's note, its tags and the library's tags are read here, through
// the background with the tab's pass (./toolbox-client.ts), and never reach the page: what the
// content script hears back is what painting needs (colour, whether notes or tags exist), the
// panel's size, and our own notices.
import { Message, type MarkDetails } from '@inkmark/shared/guest'
import { onHostMessage, postToHost } from '../../pages/frame-link'
import type { HostMessage } from '../../pages/frame-protocol'
import { callToolbox } from './toolbox-client'
import { toolboxPanel } from './toolbox-panel'

type ShowMessage = Extract<HostMessage, { type: 'show' }>

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : Message.GENERIC_ERROR

/** How long showing a highlight waits for the previous note's write at most. */
const FLUSH_BEFORE_SHOW_MS = 500

let shows = 0
let note: HTMLTextAreaElement | undefined
let resizes: ResizeObserver | undefined
/** Writes the shown highlight's pending note (ADR 036: nothing typed is lost). */
let flushNote: () => Promise<void> = () => Promise.resolve()
/** Sends the shown highlight's latest note at once, as the frame may be going away. */
let leaveNote: () => void = () => undefined

async function show(root: HTMLElement, message: ShowMessage): Promise<void> {
  const { markId, pageUrl, colors, hasLink } = message
  // The highlight shown before keeps what was typed in it, written before its details are read
  // again (the same highlight shown again must not show, then keep, the note from before).
  // Bounded: a write the background is slow to answer must not keep the toolbox from showing.
  await Promise.race([
    flushNote(),
    new Promise((resolve) => setTimeout(resolve, FLUSH_BEFORE_SHOW_MS)),
  ])
  const shown = ++shows
  let details: MarkDetails
  try {
    details = await callToolbox(pageUrl, 'getMarkDetails', markId)
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
  const built = toolboxPanel(details, colors, {
    async update(changes) {
      try {
        const changed = await callToolbox(pageUrl, 'updateMark', markId, changes)
        details = { ...details, ...changed, ...changes }
        const { color, hasNotes, hasTags } = changed
        postToHost({ type: 'changed', markId, color, hasNotes, hasTags })
        return details
      } catch (error) {
        postToHost({ type: 'toast', text: errorText(error) })
        return undefined
      }
    },
    remove() {
      callToolbox(pageUrl, 'deleteMark', markId).then(
        ({ bookmarkDeleted }) => postToHost({ type: 'deleted', markId, bookmarkDeleted }),
        (error: unknown) => postToHost({ type: 'toast', text: errorText(error) }),
      )
    },
    suggestTags: (typed, existing) => callToolbox(pageUrl, 'suggestTags', typed, [...existing]),
    toast: (text) => postToHost({ type: 'toast', text }),
    ...(hasLink ? { followLink: () => postToHost({ type: 'followLink' }) } : {}),
    close: () => postToHost({ type: 'close' }),
  })
  note = built.note
  flushNote = built.flush
  leaveNote = built.leave
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

/**
 * Shows in `root` the highlight the content script names, takes the keyboard when told, and
 * writes a pending note whenever the toolbox is left: hidden by the page (a click elsewhere,
 * Escape in the page), or the frame going away (the page reloads or is left).
 */
export function startFrameToolbox(root: HTMLElement): () => void {
  const onLeave = () => void flushNote()
  const onGoingAway = () => leaveNote()
  window.addEventListener('pagehide', onGoingAway)
  document.addEventListener('visibilitychange', onGoingAway)
  const stop = onHostMessage((message) => {
    if (message.type === 'show') {
      void show(root, message)
    } else if (message.type === 'focus') {
      note?.focus({ preventScroll: true })
    } else if (message.type === 'hide') {
      onLeave()
    }
  })
  return () => {
    stop()
    window.removeEventListener('pagehide', onGoingAway)
    document.removeEventListener('visibilitychange', onGoingAway)
  }
}

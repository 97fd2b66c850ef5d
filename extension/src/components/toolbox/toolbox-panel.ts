// The toolbox of one highlight, as a panel: change its colour, write its note, add or remove tags
// (with suggestions), copy its text, open the link it sits in, or delete it. Built with DOM calls
// for the two places it is shown, both of the extension's origin: the toolbox frame a content
// script places on a web page (tabs/toolbox.tsx) and the PDF viewer page (../pdf/pdf-toolbox.ts);
// each gives it the actions that reach the library from there. The note and tags are shown through
// .value and textContent only: a note like `<img src=x onerror=...>` stays text.
import { Message, withAddedTag } from '@inkmark/shared/guest'
import type { MarkChanges, MarkDetails } from '@inkmark/shared/guest'
import { swatchRow } from '../../guest/palette'
import { element } from '../../guest/ui-host'
import { draftSaver, draftStatusText } from './draft-saver'
import { tagField } from './tag-field'

/**
 * Copies the image at `src` as a PNG (what the clipboard takes everywhere). The panel runs in an
 * extension page, whose host permission reads an image of any site, so a picture that another
 * site serves without CORS copies too; without cookies, so that a page cannot have a private
 * picture of another site fetched in the person's name.
 */
async function copyImage(src: string): Promise<void> {
  const response = await fetch(src, { credentials: 'omit' })
  if (!response.ok) {
    throw new Error('The image could not be read')
  }
  // Through an <img> of our own blob address: it decodes every format the page could show (SVG too).
  const address = URL.createObjectURL(await response.blob())
  const image = new Image()
  try {
    image.src = address
    await image.decode()
  } finally {
    URL.revokeObjectURL(address)
  }
  const canvas = document.createElement('canvas')
  canvas.width = image.naturalWidth
  canvas.height = image.naturalHeight
  canvas.getContext('2d')?.drawImage(image, 0, 0)
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
  if (!blob) {
    throw new Error('The image could not be read')
  }
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })])
}

/** What the panel's buttons do where it is shown. */
export interface ToolboxActions {
  /** Applies `changes`: the details after them, or undefined when refused (and said so). */
  update(changes: MarkChanges): Promise<MarkDetails | undefined>
  /** Deletes the highlight (and closes the toolbox once done). */
  remove(): void
  /**
   * Up to ten of the library's tags for what is typed, ranked by the spec's scores (shared
   * suggestTags), leaving out `existing` (the highlight's tags).
   */
  suggestTags(typed: string, existing: readonly string[]): Promise<string[]>
  /** Shows a short notice. */
  toast(message: string): void
  /** Offers to open the link the highlight sits in; absent when it sits in none. */
  followLink?: () => void
  close(): void
}

/**
 * The toolbox panel of the highlight `initial`, offering `colors`; `note` takes the keyboard. The
 * note saves itself as it is typed (ADR 036); `flush` writes what is pending, for every way the
 * panel can be left.
 */
export function toolboxPanel(
  initial: MarkDetails,
  colors: readonly string[],
  actions: ToolboxActions,
): {
  panel: HTMLElement
  note: HTMLTextAreaElement
  flush: () => Promise<void>
  leave: () => void
} {
  let details = initial
  const panel = element('div', {
    class: 'panel toolbox',
    role: 'dialog',
    'aria-label': 'Highlight toolbox',
    'data-inkmark-toolbox': '',
  })
  const update = async (changes: MarkChanges) => {
    const changed = await actions.update(changes)
    if (changed) {
      details = changed
    }
    return changed !== undefined
  }

  const header = element('div', { class: 'row' })
  const title = element('strong', {}, 'Highlight')
  const close = element('button', { type: 'button', class: 'text', 'aria-label': 'Close' }, '✕')
  close.addEventListener('click', () => closePanel())
  header.append(title, close)

  const colorRowOf = () =>
    swatchRow(colors, 'Change to', details.color, (color) => {
      void update({ color }).then((done) => {
        if (done) {
          colorRow.replaceWith((colorRow = colorRowOf()))
        }
      })
    })
  let colorRow = colorRowOf()

  const noteLabel = element('label', { class: 'visually-hidden', for: 'inkmark-note' }, 'Note')
  const note = element('textarea', { id: 'inkmark-note', placeholder: 'Add a note…' })
  note.value = details.notes
  const status = element('span', { class: 'note-status', role: 'status' })
  const saver = draftSaver(details.notes, {
    save: (notes) => update({ notes }),
    onStatus: (now) => {
      status.textContent = draftStatusText(now)
    },
  })
  note.addEventListener('input', () => saver.input(note.value))
  // Focus leaving the note (a click elsewhere in the panel or on the page) writes it at once.
  note.addEventListener('blur', () => void saver.flush())
  // The note saves by itself; the button stays for those who look for one.
  const saveNote = element('button', { type: 'button', class: 'text' }, 'Save note')
  saveNote.addEventListener('click', () => {
    saver.input(note.value)
    void saver.flush().then(() => {
      if (!saver.isPending()) {
        actions.toast('Note saved')
      }
    })
  })
  const noteRow = element('div', { class: 'row' })
  noteRow.append(saveNote, status)
  const closePanel = () => {
    void saver.flush()
    actions.close()
  }

  const tagList = element('div', { class: 'row', 'aria-label': 'Tags', role: 'list' })
  const renderTags = () => {
    tagList.replaceChildren(
      ...details.tags.map((tag) => {
        const chip = element('span', { class: 'tag', role: 'listitem' })
        const remove = element('button', { type: 'button', 'aria-label': `Remove tag ${tag}` }, '×')
        remove.addEventListener('click', () => {
          const tags = details.tags.filter((other) => other !== tag)
          void update({ tags }).then((done) => done && renderTags())
        })
        chip.append(element('span', {}, tag), remove)
        return chip
      }),
    )
  }
  renderTags()
  // Cleaned as the sidebar and the web app clean them (spec section 5), added once.
  const tags = tagField({
    suggest: (typed, existing) => actions.suggestTags(typed, existing),
    existing: () => details.tags,
    add: (typed) => {
      const next = withAddedTag(details.tags, typed)
      if (next.length !== details.tags.length) {
        void update({ tags: next }).then((done) => done && renderTags())
      }
    },
  })

  const buttons = element('div', { class: 'row' })
  const copy = element('button', { type: 'button', class: 'text' }, 'Copy')
  copy.addEventListener('click', () => {
    if (details.mediaType === 'image' && details.imageSrc) {
      copyImage(details.imageSrc).then(
        () => actions.toast(Message.COPIED_IMAGE),
        () => actions.toast(Message.COPY_IMAGE_FAILED),
      )
      return
    }
    navigator.clipboard.writeText(details.text ?? '').then(
      () => actions.toast(Message.COPIED_TEXT),
      () => actions.toast(Message.COPY_TEXT_FAILED),
    )
  })
  buttons.append(copy)
  const { followLink } = actions
  if (followLink !== undefined) {
    const follow = element('button', { type: 'button', class: 'text' }, 'Open link')
    follow.addEventListener('click', () => followLink())
    buttons.append(follow)
  }
  const remove = element('button', { type: 'button', class: 'text' }, 'Delete')
  remove.addEventListener('click', () => actions.remove())
  buttons.append(remove)

  panel.append(header, colorRow, noteLabel, note, noteRow, tagList, tags.field, buttons)
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      closePanel()
    }
  })
  return { panel, note, flush: () => saver.flush(), leave: () => saver.leave() }
}

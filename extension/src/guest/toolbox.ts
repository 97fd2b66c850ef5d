// The toolbox of one highlight: change its colour, write its note, add or remove tags (with
// suggestions), copy its text, open the link it sits in, or delete it. Opened by clicking a
// highlight (or Enter on a focused one). The note and tags are shown through .value and
// textContent only: a note like `<img src=x onerror=...>` stays text.
import { Message, offeredHighlightColors, toolboxPosition } from '@inkmark/shared/guest'
import type { MarkChanges, MarkDetails, PaintableMark } from '@inkmark/shared/guest'
import { callBackground } from './bridge'
import { swatchRow } from './palette'
import { showToast } from './toasts'
import { onTrusted } from './trusted'
import { element, placePanel, uiHost } from './ui-host'

/** Copies the image at `src` as a PNG (what the clipboard takes everywhere). */
async function copyImage(src: string): Promise<void> {
  const image = new Image()
  image.crossOrigin = 'anonymous'
  image.src = src
  await image.decode()
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

export interface ToolboxEvents {
  changed(mark: PaintableMark): void
  deleted(markId: string, bookmarkDeleted: boolean): void
}

let open: { panel: HTMLElement; markId: string; returnFocus: HTMLElement | null } | undefined

export function closeToolbox(): void {
  const closing = open
  open = undefined
  closing?.panel.remove()
  closing?.returnFocus?.focus({ preventScroll: true })
}

export function isToolboxOpen(): boolean {
  return open?.panel.isConnected === true
}

/** Opens the toolbox of `markId` next to `rect`. */
export async function openToolbox(
  markId: string,
  rect: DOMRect,
  palette: { recentColors: readonly string[]; mode: 'BASIC' | 'EXPERT' },
  events: ToolboxEvents,
  link: string | undefined,
): Promise<void> {
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null
  closeToolbox()
  let details: MarkDetails
  try {
    details = await callBackground('getMarkDetails', markId)
  } catch (error) {
    showToast(error instanceof Error ? error.message : Message.GENERIC_ERROR)
    return
  }
  const panel = element('div', {
    class: 'panel toolbox',
    role: 'dialog',
    'aria-label': 'Highlight toolbox',
    'data-inkmark-toolbox': '',
  })
  open = { panel, markId, returnFocus }

  const update = async (changes: MarkChanges) => {
    try {
      const changed = await callBackground('updateMark', markId, changes)
      details = { ...details, ...changed, ...changes }
      events.changed(changed)
      return true
    } catch (error) {
      showToast(error instanceof Error ? error.message : Message.GENERIC_ERROR)
      return false
    }
  }

  const header = element('div', { class: 'row' })
  const title = element('strong', {}, 'Highlight')
  const close = element('button', { type: 'button', class: 'text', 'aria-label': 'Close' }, '✕')
  close.addEventListener('click', onTrusted(closeToolbox))
  header.append(title, close)

  const colors = () =>
    swatchRow(
      offeredHighlightColors(palette.recentColors, palette.mode),
      'Change to',
      details.color,
      (color) => {
        void update({ color }).then((done) => {
          if (done) {
            colorRow.replaceWith((colorRow = colors()))
          }
        })
      },
    )
  let colorRow = colors()

  const noteLabel = element('label', { class: 'visually-hidden', for: 'inkmark-note' }, 'Note')
  const note = element('textarea', { id: 'inkmark-note', placeholder: 'Add a note…' })
  note.value = details.notes
  const saveNote = element('button', { type: 'button', class: 'text' }, 'Save note')
  saveNote.addEventListener(
    'click',
    onTrusted(() => {
      void update({ notes: note.value }).then((done) => done && showToast('Note saved'))
    }),
  )

  const tagList = element('div', { class: 'row', 'aria-label': 'Tags', role: 'list' })
  const renderTags = () => {
    tagList.replaceChildren(
      ...details.tags.map((tag) => {
        const chip = element('span', { class: 'tag', role: 'listitem' })
        const remove = element('button', { type: 'button', 'aria-label': `Remove tag ${tag}` }, '×')
        remove.addEventListener(
          'click',
          onTrusted(() => {
            const tags = details.tags.filter((other) => other !== tag)
            void update({ tags }).then((done) => done && renderTags())
          }),
        )
        chip.append(element('span', {}, tag), remove)
        return chip
      }),
    )
  }
  renderTags()
  const suggestions = element('datalist', { id: 'inkmark-tag-suggestions' })
  const tagInput = element('input', {
    type: 'text',
    'aria-label': 'Add tag',
    placeholder: 'Add tag',
    list: 'inkmark-tag-suggestions',
  })
  tagInput.addEventListener(
    'input',
    onTrusted(() => {
      void callBackground('suggestTags', tagInput.value).then(
        (tags) =>
          suggestions.replaceChildren(...tags.map((tag) => element('option', { value: tag }))),
        () => undefined,
      )
    }),
  )
  tagInput.addEventListener(
    'keydown',
    onTrusted((event) => {
      const tag = tagInput.value.trim()
      if (event.key === 'Enter' && tag !== '') {
        event.preventDefault()
        if (!details.tags.includes(tag)) {
          void update({ tags: [...details.tags, tag] }).then((done) => done && renderTags())
        }
        tagInput.value = ''
      }
    }),
  )

  const actions = element('div', { class: 'row' })
  const copy = element('button', { type: 'button', class: 'text' }, 'Copy')
  copy.addEventListener(
    'click',
    onTrusted(() => {
      if (details.mediaType === 'image' && details.imageSrc) {
        copyImage(details.imageSrc).then(
          () => showToast(Message.COPIED_IMAGE),
          () => showToast(Message.COPY_IMAGE_FAILED),
        )
        return
      }
      navigator.clipboard.writeText(details.text ?? '').then(
        () => showToast(Message.COPIED_TEXT),
        () => showToast(Message.COPY_TEXT_FAILED),
      )
    }),
  )
  actions.append(copy)
  if (link !== undefined) {
    const follow = element('button', { type: 'button', class: 'text' }, 'Open link')
    follow.addEventListener(
      'click',
      onTrusted(() => {
        showToast(Message.CONTINUE_TO_LINK, {
          label: 'Continue',
          run: () => window.open(link, '_blank', 'noopener'),
        })
      }),
    )
    actions.append(follow)
  }
  const remove = element('button', { type: 'button', class: 'text' }, 'Delete')
  remove.addEventListener(
    'click',
    onTrusted(() => {
      void callBackground('deleteMark', markId).then(
        ({ bookmarkDeleted }) => {
          closeToolbox()
          events.deleted(markId, bookmarkDeleted)
        },
        (error: unknown) =>
          showToast(error instanceof Error ? error.message : Message.GENERIC_ERROR),
      )
    }),
  )
  actions.append(remove)

  panel.append(header, colorRow, noteLabel, note, saveNote, tagList, tagInput, suggestions, actions)
  panel.addEventListener(
    'keydown',
    onTrusted((event) => {
      if (event.key === 'Escape') {
        closeToolbox()
      }
    }),
  )
  uiHost().layer.append(panel)
  placePanel(panel, rect)
  // The spec clamps the toolbox's x between 195 px and the window width minus 168 px.
  const { width } = panel.getBoundingClientRect()
  const center = toolboxPosition(rect.left + rect.width / 2, window.innerWidth)
  const left = Math.max(8, Math.min(center - width / 2, window.innerWidth - width - 8))
  panel.style.left = `${left}px`
  note.focus({ preventScroll: true })
}

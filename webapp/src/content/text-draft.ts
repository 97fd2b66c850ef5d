// The add-content dialog's unsaved text survives closing the dialog or reloading the tab (in this
// tab's sessionStorage), so that an Escape pressed by mistake loses nothing. The draft is kept as
// the same HTML as saved content and read back through the same validation.
import type { Descendant } from 'slate'
import { createEmptyDocument } from './content-document'
import { fromContentHtml, toContentHtml } from './content-html'

const DRAFT_KEY = 'inkmark-add-content-draft'

/** A draft: its title and document. */
export interface TextDraft {
  title: string
  document: Descendant[]
}

/** The kept draft, or an empty one. */
export function loadTextDraft(storage: Storage | undefined): TextDraft {
  const empty = { title: '', document: createEmptyDocument() }
  try {
    const raw = storage?.getItem(DRAFT_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : undefined
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      typeof (parsed as { title?: unknown }).title !== 'string' ||
      typeof (parsed as { html?: unknown }).html !== 'string'
    ) {
      return empty
    }
    const { title, html } = parsed as { title: string; html: string }
    const read = fromContentHtml(html)
    return read.ok ? { title, document: read.document } : empty
  } catch {
    return empty
  }
}

/** Keeps `draft` (quietly does nothing when storage is unavailable or full). */
export function saveTextDraft(storage: Storage | undefined, draft: TextDraft): void {
  try {
    storage?.setItem(
      DRAFT_KEY,
      JSON.stringify({ title: draft.title, html: toContentHtml(draft.document) }),
    )
  } catch {
    // A draft that cannot be kept is still in the editor.
  }
}

/** Forgets the draft (it was saved). */
export function clearTextDraft(storage: Storage | undefined): void {
  try {
    storage?.removeItem(DRAFT_KEY)
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** This tab's sessionStorage, when the browser allows it. */
export function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

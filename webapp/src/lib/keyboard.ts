// The search dialog's shortcuts (issue 7: Ctrl+K or /). A slash typed into a field is text, not
// a shortcut, so the target of the key press decides.

/** The parts of a keyboard event the shortcut reads. */
export interface ShortcutEvent {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  /** Whether the key was pressed in a text field, a select or an editable element. */
  inEditable: boolean
}

/** Whether the key press opens search: Ctrl+K (Cmd+K on a Mac) anywhere, or / outside fields. */
export function isSearchShortcut(event: ShortcutEvent): boolean {
  if (event.altKey) {
    return false
  }
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
    return true
  }
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.inEditable
}

/** Whether an event target is somewhere typing happens. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) {
    return false
  }
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
}

// The web app's dialogs are addressed by the spec's dialog names in the `dialog` URL parameter,
// so a dialog can be linked to, the Back button closes it, and the later dialogs (settings,
// import, export, prompts) open the same way as search does now.
import { isDialogName, type DialogName } from '@inkmark/shared'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'

/** The root route's own parameters: the open dialog, and the bookmark bookmark-details shows. */
export interface DialogSearch {
  dialog?: DialogName
  bookmark?: string
}

/** Reads the `dialog` parameter (an unknown name opens nothing) and bookmark-details' bookmark. */
export function parseDialogSearch(raw: Record<string, unknown>): DialogSearch {
  if (!isDialogName(raw.dialog)) {
    return {}
  }
  if (raw.dialog === 'bookmark-details') {
    return typeof raw.bookmark === 'string' && raw.bookmark !== ''
      ? { dialog: raw.dialog, bookmark: raw.bookmark }
      : {}
  }
  return { dialog: raw.dialog }
}

/** The open dialog, and functions that open and close dialogs through the URL. */
export function useDialog(): {
  dialog: DialogName | undefined
  bookmark: string | undefined
  openDialog: (name: DialogName, params?: Omit<DialogSearch, 'dialog'>) => void
  closeDialog: () => void
} {
  const { dialog, bookmark } = useSearch({ strict: false })
  const navigate = useNavigate()
  const openDialog = useCallback(
    (name: DialogName, params: Omit<DialogSearch, 'dialog'> = {}) => {
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, ...params, dialog: name }),
      } as never)
    },
    [navigate],
  )
  const closeDialog = useCallback(() => {
    void navigate({
      to: '.',
      search: ({ dialog: _closed, bookmark: _shown, ...rest }: Record<string, unknown>) => rest,
      replace: true,
    } as never)
  }, [navigate])
  return { dialog, bookmark, openDialog, closeDialog }
}

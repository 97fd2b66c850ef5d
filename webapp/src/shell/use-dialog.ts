// The web app's dialogs are addressed by the spec's dialog names in the `dialog` URL parameter,
// so a dialog can be linked to, the Back button closes it, and the later dialogs (settings,
// import, export, prompts) open the same way as search does now.
import { isDialogName, type DialogName } from '@inkmark/shared'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'

/** The root route's own parameter: the open dialog, if any. */
export interface DialogSearch {
  dialog?: DialogName
}

/** Reads the `dialog` parameter; an unknown name opens nothing. */
export function parseDialogSearch(raw: Record<string, unknown>): DialogSearch {
  return isDialogName(raw.dialog) ? { dialog: raw.dialog } : {}
}

/** The open dialog, and functions that open and close dialogs through the URL. */
export function useDialog(): {
  dialog: DialogName | undefined
  openDialog: (name: DialogName) => void
  closeDialog: () => void
} {
  const { dialog } = useSearch({ strict: false })
  const navigate = useNavigate()
  const openDialog = useCallback(
    (name: DialogName) => {
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, dialog: name }),
      } as never)
    },
    [navigate],
  )
  const closeDialog = useCallback(() => {
    void navigate({
      to: '.',
      search: ({ dialog: _closed, ...rest }: Record<string, unknown>) => rest,
      replace: true,
    } as never)
  }, [navigate])
  return { dialog, openDialog, closeDialog }
}

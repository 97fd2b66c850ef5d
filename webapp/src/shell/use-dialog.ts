// The web app's dialogs are addressed by the spec's dialog names in the `dialog` URL parameter,
// so a dialog can be linked to, the Back button closes it, and the later dialogs (settings,
// import, export, prompts) open the same way as search does now. Besides the spec's names the
// web app has `import` (files from other services), which is not one of add-content's tabs
// (ADR 019).
import { isDialogName, type DialogName } from '@inkmark/shared'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import { isAddContentType, type AddContentType } from '../content/add-content-type'

/** Dialogs of the web app that the spec does not name. */
export const APP_DIALOGS = ['import'] as const
/** A dialog the `dialog` parameter can open: the spec's, or the web app's own. */
export type AppDialogName = DialogName | (typeof APP_DIALOGS)[number]

/** Whether `name` opens a dialog. */
export function isAppDialogName(name: unknown): name is AppDialogName {
  return isDialogName(name) || (APP_DIALOGS as readonly unknown[]).includes(name)
}

/**
 * The root route's own parameters: the open dialog, the bookmark bookmark-details and
 * page-content-preview show, the image highlight image-viewer shows, and the tab add-content shows
 * (absent: the default, text).
 */
export interface DialogSearch {
  dialog?: AppDialogName
  bookmark?: string
  mark?: string
  contentType?: AddContentType
}

/** Dialogs that show one bookmark, named by the `bookmark` parameter (required). */
const BOOKMARK_DIALOGS: readonly string[] = ['bookmark-details', 'page-content-preview']
const MAX_ID_LENGTH = 256

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= MAX_ID_LENGTH

/** Reads the `dialog` parameter (an unknown name opens nothing) and the dialog's own parameter. */
export function parseDialogSearch(raw: Record<string, unknown>): DialogSearch {
  if (!isAppDialogName(raw.dialog)) {
    return {}
  }
  if (raw.dialog === 'add-content') {
    return isAddContentType(raw.contentType)
      ? { dialog: raw.dialog, contentType: raw.contentType }
      : { dialog: raw.dialog }
  }
  if (BOOKMARK_DIALOGS.includes(raw.dialog)) {
    return isId(raw.bookmark) ? { dialog: raw.dialog, bookmark: raw.bookmark } : {}
  }
  if (raw.dialog === 'image-viewer') {
    return isId(raw.mark) ? { dialog: raw.dialog, mark: raw.mark } : {}
  }
  return { dialog: raw.dialog }
}

/** The open dialog, and functions that open and close dialogs through the URL. */
export function useDialog(): {
  dialog: AppDialogName | undefined
  bookmark: string | undefined
  mark: string | undefined
  contentType: AddContentType | undefined
  openDialog: (
    name: AppDialogName,
    params?: Omit<DialogSearch, 'dialog'>,
    options?: { replace?: boolean },
  ) => void
  closeDialog: () => void
} {
  const { dialog, bookmark, mark, contentType } = useSearch({ strict: false })
  const navigate = useNavigate()
  const openDialog = useCallback(
    (
      name: AppDialogName,
      params: Omit<DialogSearch, 'dialog'> = {},
      options: { replace?: boolean } = {},
    ) => {
      void navigate({
        replace: options.replace,
        to: '.',
        // One dialog at a time: the parameters of the previous one go.
        search: ({
          bookmark: _shown,
          mark: _image,
          contentType: _tab,
          ...previous
        }: Record<string, unknown>) => ({ ...previous, ...params, dialog: name }),
      } as never)
    },
    [navigate],
  )
  const closeDialog = useCallback(() => {
    void navigate({
      to: '.',
      search: ({
        dialog: _closed,
        bookmark: _shown,
        mark: _image,
        contentType: _tab,
        ...rest
      }: Record<string, unknown>) => rest,
      replace: true,
    } as never)
  }, [navigate])
  return { dialog, bookmark, mark, contentType, openDialog, closeDialog }
}

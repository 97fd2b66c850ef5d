// Reads an uploaded PDF's file from this device for the viewer, again after `reload()` (the file
// was uploaded here from the missing-file notice).
import { useCallback, useEffect, useState } from 'react'
import { openAppPdfFiles } from './app-pdf-files'
import type { StoredPdfFile } from './pdf-file-store'

/** The file of a bookmark on this device, while it loads, or why it could not be read. */
export type StoredPdfState =
  | { status: 'loading' }
  | { status: 'found'; file: StoredPdfFile }
  | { status: 'missing' }
  | { status: 'failed'; message: string }

/** The stored file of `bookmarkId`, and a function to read it again. */
export function useStoredPdf(bookmarkId: string): { state: StoredPdfState; reload: () => void } {
  const [state, setState] = useState<StoredPdfState>({ status: 'loading' })
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    openAppPdfFiles()
      .then((files) => files.get(bookmarkId))
      .then(
        (file) => live && setState(file ? { status: 'found', file } : { status: 'missing' }),
        (error: unknown) =>
          live &&
          setState({ status: 'failed', message: error instanceof Error ? error.message : '' }),
      )
    return () => {
      live = false
    }
  }, [bookmarkId, generation])
  const reload = useCallback(() => setGeneration((value) => value + 1), [])
  return { state, reload }
}

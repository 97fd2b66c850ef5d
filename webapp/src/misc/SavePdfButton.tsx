// "Save as PDF" (the reader and the page detail): sends the page's reader HTML to the misc server's
// /html-to-pdf and downloads `<title>.pdf`, saying "Making the PDF…" meanwhile. Signed out, it
// offers sign-in; a build without a misc server does not show it; failures are toasts that say
// what happened.
import { Button } from '@inkmark/design'
import type { ReaderArticle } from '@inkmark/shared'
import { useState } from 'react'
import { useOpenSignIn } from '../account/open-sign-in'
import { useSession } from '../account/SessionProvider'
import { useToast } from '../components/Toasts'
import { useLocalStore } from '../library/LibraryProvider'
import { MISC_ADDRESS, MiscCallError, callMiscBlob } from './misc-client'
import { pdfHtmlFromLibrary } from './pdf-html'

/** Props of SavePdfButton. */
export interface SavePdfButtonProps {
  url: string
  title: string
  /** The article already on screen (the reader); else the saved copy is looked up. */
  article?: ReaderArticle
}

/** The file name of a title: what the server said, else the title with .pdf. */
function downloadName(title: string, given: string | undefined): string {
  return given ?? `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Inkmark page'}.pdf`
}

function download(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}

function failureMessage(error: unknown): string {
  if (error instanceof MiscCallError) {
    if (error.status === 413) {
      return 'This page is too large to make a PDF of.'
    }
    if (error.status === 429) {
      return `Too many PDFs for now. ${error.message}`
    }
    return `The PDF could not be made: ${error.message}`
  }
  return 'The PDF could not be made. Try again.'
}

/** The button, or nothing when this build has no misc server. */
export function SavePdfButton({ url, title, article }: SavePdfButtonProps) {
  const store = useLocalStore()
  const { session } = useSession()
  const openSignIn = useOpenSignIn()
  const { showToast } = useToast()
  const [busy, setBusy] = useState(false)
  if (MISC_ADDRESS === undefined) {
    return null
  }

  const save = () => {
    if (session === null) {
      showToast({
        kind: 'info',
        message: 'Saving as PDF needs an Inkmark account: the PDF is made on the server.',
        action: { label: 'Log in', onClick: () => openSignIn() },
      })
      return
    }
    setBusy(true)
    pdfHtmlFromLibrary(store, url, article)
      .then((html) => callMiscBlob('/html-to-pdf', { method: 'POST', body: { html, title } }))
      .then(({ blob, fileName }) => {
        download(blob, downloadName(title, fileName))
        showToast({ kind: 'success', message: 'PDF saved' })
      })
      .catch((error: unknown) => {
        if (error instanceof MiscCallError && error.status === 401) {
          showToast({
            kind: 'error',
            message: 'Please log in again to save as PDF.',
            action: { label: 'Log in', onClick: () => openSignIn() },
          })
          return
        }
        showToast({ kind: 'error', message: failureMessage(error) })
      })
      .finally(() => setBusy(false))
  }

  return (
    <>
      <Button variant="secondary" isDisabled={busy} onPress={save}>
        {busy ? 'Making the PDF…' : 'Save as PDF'}
      </Button>
      <span className="visually-hidden" role="status">
        {busy ? 'Making the PDF…' : ''}
      </span>
    </>
  )
}

// The spec's page-content-preview dialog (?dialog=page-content-preview&bookmark=): the saved text
// of a page, as the reader reads it (readSavedArticle sanitizes the stored HTML, which may have
// come from another device) and shown as plain paragraphs: the preview never inserts HTML. A page
// without saved content says so, and the reader link opens the full article.
import { Button } from '@inkmark/design'
import type { ReaderArticle } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { loadSavedArticle } from '../reader/load-saved-article'
import { contentParagraphs } from './content-paragraphs'
import './dialogs.css'

type Preview =
  | { status: 'loading' }
  | { status: 'ready'; article: ReaderArticle }
  | { status: 'none'; message: string }

/** The page-content-preview dialog of bookmark `bookmarkId`. */
export function PageContentPreviewDialog({
  bookmarkId,
  onClose,
}: {
  bookmarkId: string
  onClose: () => void
}) {
  const titleId = useId()
  const store = useLocalStore()
  const bookmark = useLibraryQuery((library) => library.getBookmark(bookmarkId), [bookmarkId])
  const url = bookmark?.url
  const [preview, setPreview] = useState<Preview>({ status: 'loading' })

  useEffect(() => {
    if (url === undefined) {
      setPreview({ status: 'none', message: 'This page is not in your library.' })
      return
    }
    let current = true
    setPreview({ status: 'loading' })
    loadSavedArticle(store, { url })
      .then((state) => {
        if (!current) {
          return
        }
        if (state.status === 'ready') {
          setPreview({ status: 'ready', article: state.article })
        } else if (state.status === 'failed') {
          setPreview({
            status: 'none',
            message:
              state.missing === true
                ? 'The text of this page is not saved. Turn on saving page text in the settings, or open the page with the extension.'
                : state.message,
          })
        }
      })
      .catch(
        () =>
          current && setPreview({ status: 'none', message: 'The saved text could not be read.' }),
      )
    return () => {
      current = false
    }
  }, [store, url])

  const text =
    preview.status === 'ready' ? contentParagraphs(preview.article.textContent) : undefined
  return (
    <ModalDialog labelledBy={titleId} className="page-content-preview-dialog" onClose={onClose}>
      <h2 id={titleId}>Saved text{bookmark ? `: ${bookmark.title || bookmark.url}` : ''}</h2>
      {preview.status === 'loading' && <p role="status">Reading the saved text…</p>}
      {preview.status === 'none' && <p>{preview.message}</p>}
      {text !== undefined && (
        <div className="page-content-preview" tabIndex={0} aria-label="Saved text of the page">
          {text.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          {text.truncated && (
            <p className="dialog-hint">The preview ends here; the reader shows the whole page.</p>
          )}
        </div>
      )}
      <div className="dialog-actions">
        {preview.status === 'ready' && url !== undefined && (
          <Link to="/reader" search={{ url }} className="button">
            Open in the reader
          </Link>
        )}
        <Button variant="primary" onPress={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  )
}

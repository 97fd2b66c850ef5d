// The spec's image-viewer dialog (?dialog=image-viewer&mark=): an image highlight shown large with
// its page and note, and the page's other image highlights one arrow key (or Previous / Next)
// away. Stepping replaces the URL's `mark`, so Back closes the viewer instead of stepping back.
// Only an http(s) or data image address is shown (toImageSource), never a script URL.
import { Button } from '@inkmark/design'
import { markNoteText, type Mark } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useEffect, useId } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { useLibraryQuery } from '../library/LibraryProvider'
import { toImageSource } from '../lib/safe-url'
import { useDialog } from '../shell/use-dialog'
import { imageMarksOf, imageNeighbours } from './image-viewer'
import './dialogs.css'

/** The image-viewer dialog for image highlight `markId`. */
export function ImageViewerDialog({ markId, onClose }: { markId: string; onClose: () => void }) {
  const titleId = useId()
  const { openDialog } = useDialog()
  const mark = useLibraryQuery((library) => library.getEntityById(markId, 'marks'), [markId]) as
    Mark | undefined
  const bookmarkId = mark?._bookmark
  const bookmark = useLibraryQuery(
    (library) => (bookmarkId === undefined ? undefined : library.getBookmark(bookmarkId)),
    [bookmarkId],
  )
  const images = useLibraryQuery(
    (library) =>
      bookmarkId === undefined ? [] : imageMarksOf(library.getMarksForBookmark(bookmarkId)),
    [bookmarkId],
  )
  const { index, previous, next } = imageNeighbours(images, markId)
  const shown = index >= 0 ? images[index] : undefined
  const source = shown ? toImageSource(shown.imageSrc) : undefined
  const step = (id: string | undefined) => {
    if (id !== undefined) {
      openDialog('image-viewer', { mark: id }, { replace: true })
    }
  }
  // On the document: the focus may be on the dialog itself or any of its buttons.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && previous !== undefined) {
        event.preventDefault()
        openDialog('image-viewer', { mark: previous }, { replace: true })
      } else if (event.key === 'ArrowRight' && next !== undefined) {
        event.preventDefault()
        openDialog('image-viewer', { mark: next }, { replace: true })
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [previous, next, openDialog])
  const note = shown ? markNoteText(shown) : ''

  return (
    <ModalDialog labelledBy={titleId} className="image-viewer-dialog" onClose={onClose}>
      <div className="image-viewer">
        {shown === undefined || source === undefined ? (
          <>
            <h2 id={titleId}>Image not found</h2>
            <p>This image highlight is not in your library (it may have been deleted).</p>
          </>
        ) : (
          <>
            <h2 id={titleId}>
              Image {index + 1} of {images.length}
              {bookmark ? ` from ${bookmark.title || bookmark.url}` : ''}
            </h2>
            <figure className="image-viewer-figure">
              <img src={source} alt={shown.imageAlt ?? ''} />
              {(shown.imageAlt || note) && (
                <figcaption>
                  {shown.imageAlt && <span>{shown.imageAlt}</span>}
                  {note && <span className="image-viewer-note">Note: {note}</span>}
                </figcaption>
              )}
            </figure>
            <p className="dialog-hint">
              Use the left and right arrow keys to see the page&apos;s other images.
            </p>
          </>
        )}
        <div className="dialog-actions">
          <Button isDisabled={previous === undefined} onPress={() => step(previous)}>
            Previous image
          </Button>
          <Button isDisabled={next === undefined} onPress={() => step(next)}>
            Next image
          </Button>
          {bookmarkId !== undefined && (
            <Link to="/page/$id" params={{ id: bookmarkId }} className="button">
              Open the page
            </Link>
          )}
          <Button variant="primary" onPress={onClose}>
            Close
          </Button>
        </div>
      </div>
    </ModalDialog>
  )
}

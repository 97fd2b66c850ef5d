// Editing user content on its page: the title and the text, saved automatically a moment after
// each change (debounced-saver.ts) with an indicator, at once on Done, and when the editor closes.
// Leaving the tab with unsaved changes asks first. The text is bound to its Yjs doc (ADR 081), so
// edits merge with other devices' and theirs appear here; the saves store the HTML derived from it.
import type { Bookmark, PageContent } from '@inkmark/shared'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { Descendant } from 'slate'
import { useLocalStore } from '../library/LibraryProvider'
import { RichTextEditor } from './RichTextEditor'
import { createDebouncedSaver, type SaveStatus } from './debounced-saver'
import { updateUserContent, type UserContentDraft } from './user-content'
import { useUserText } from './use-user-text'

/** How long typing must pause before a save. */
export const AUTOSAVE_DELAY_MS = 800

/** Props of ContentEditorPanel. */
export interface ContentEditorPanelProps {
  bookmark: Bookmark
  pageContent: PageContent | undefined
  initialDocument: Descendant[]
  /** The stored HTML the document was read from: a text that does not merge yet is seeded from it. */
  seedHtml: string
  onDone: () => void
}

/** The title field, the editor and the save indicator. */
export function ContentEditorPanel({
  bookmark,
  pageContent,
  initialDocument,
  seedHtml,
  onDone,
}: ContentEditorPanelProps) {
  const store = useLocalStore()
  const text = useUserText(
    store,
    pageContent?._id,
    pageContent?.mergeableText === true,
    seedHtml,
    initialDocument,
  )
  const mergeable = text.state === 'open'
  const mergeableRef = useRef(mergeable)
  mergeableRef.current = mergeable
  const [status, setStatus] = useState<SaveStatus>({ state: 'saved' })
  const lastStatus = useRef<SaveStatus>(status)
  const [title, setTitle] = useState(bookmark.title ?? '')
  const draft = useRef<UserContentDraft>({ title: bookmark.title ?? '', document: initialDocument })
  // Saves use what the library holds now (a star or tag set meanwhile is kept).
  const latest = useRef({ bookmark, pageContent })
  latest.current = { bookmark, pageContent }
  const titleId = useId()
  const textLabelId = useId()

  const saver = useMemo(
    () =>
      createDebouncedSaver<UserContentDraft>({
        save: (value) =>
          updateUserContent(
            store,
            latest.current.bookmark,
            latest.current.pageContent,
            value,
            mergeableRef.current,
          ),
        delayMs: AUTOSAVE_DELAY_MS,
        onStatus: (next) => {
          lastStatus.current = next
          setStatus(next)
        },
      }),
    [store],
  )
  useEffect(
    () => () => {
      void saver.flush()
      saver.dispose()
    },
    [saver],
  )

  const unsaved = status.state !== 'saved'
  useEffect(() => {
    if (!unsaved) {
      return
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsaved])

  function change(next: Partial<UserContentDraft>) {
    draft.current = { ...draft.current, ...next }
    saver.change(draft.current)
  }

  async function done() {
    await saver.flush()
    // A failed save keeps the editor open, with the text and the message.
    if (lastStatus.current.state !== 'failed') {
      onDone()
    }
  }

  return (
    <div className="content-editor-panel">
      <div className="content-title-field">
        <label htmlFor={titleId} className="field-label">
          Title
        </label>
        <input
          id={titleId}
          type="text"
          value={title}
          placeholder="Untitled"
          onChange={(event) => {
            setTitle(event.target.value)
            change({ title: event.target.value })
          }}
        />
      </div>
      <p id={textLabelId} className="field-label">
        Text
      </p>
      {text.state === 'opening' ? (
        <p role="status">Opening the text…</p>
      ) : (
        <RichTextEditor
          key={text.state}
          initialValue={initialDocument}
          labelledBy={textLabelId}
          placeholder="Write here…"
          onChange={(document) => change({ document })}
          {...(text.state === 'open' ? { sharedType: text.sharedType } : {})}
        />
      )}
      <div className="content-actions">
        <SaveIndicator status={status} />
        <button type="button" className="button primary" onClick={() => void done()}>
          Done editing
        </button>
      </div>
    </div>
  )
}

function SaveIndicator({ status }: { status: SaveStatus }) {
  if (status.state === 'failed') {
    return (
      <p className="save-status error" role="alert">
        Not saved: {status.message} Your text is still here; it is saved again with your next
        change.
      </p>
    )
  }
  const label =
    status.state === 'saved' ? 'Saved' : status.state === 'saving' ? 'Saving…' : 'Unsaved changes'
  return (
    <p className="save-status" role="status">
      {label}
    </p>
  )
}

import { EmptyState } from '@inkmark/design'
import {
  Message,
  ObjectStore,
  noteChanges,
  offeredHighlightColors,
  type Bookmark,
  type Mark,
} from '@inkmark/shared'
import { useToast } from '../components/Toasts'
import { DISCARDED_MESSAGE, LEARNING_RESTORED_MESSAGE } from '../learning/learning-words'
import { setMarkLearningDisabled } from '../learning/learning-actions'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { MarkItem } from './MarkItem'

/** Props of Notebook. */
export interface NotebookProps {
  bookmark: Bookmark
  marks: readonly Mark[]
  onError: (message: string) => void
}

/** The notebook tab: the page's highlights in their display order. */
export function Notebook({ bookmark, marks, onError }: NotebookProps) {
  const store = useLocalStore()
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])
  const { showToast } = useToast()
  if (marks.length === 0) {
    return (
      <EmptyState title="No highlights yet" icon="✎" headingLevel={2}>
        <p>This page has no highlights yet.</p>
      </EmptyState>
    )
  }
  // Deleting the last highlight of an unstarred page deletes the page too (spec section 4).
  const removesPage = marks.length === 1 && !bookmark.isStarred
  const offeredColors = offeredHighlightColors(settings.recentColors, settings.highlighterMode)

  function saveMark(mark: Mark, changes: Partial<Mark>) {
    store
      .updateMarkFields(mark._id, changes)
      .then(({ rejected }) => onError(rejected[0]?.message ?? ''))
      .catch(() => onError(Message.GENERIC_ERROR))
  }

  function setLearningDisabled(mark: Mark, disabled: boolean) {
    setMarkLearningDisabled(store, mark._id, disabled)
      .then(() => {
        onError('')
        showToast({
          message: disabled ? DISCARDED_MESSAGE : LEARNING_RESTORED_MESSAGE,
          kind: 'success',
          id: 'learning-discarded',
        })
      })
      .catch(() => onError(Message.GENERIC_ERROR))
  }

  function deleteMark(mark: Mark) {
    store
      .markEntitiesAsDeleted([{ _id: mark._id, _objectStore: ObjectStore.MARKS }])
      .catch(() => onError(Message.GENERIC_ERROR))
  }

  return (
    <>
      <h2 className="visually-hidden">Highlights</h2>
      <ol className="mark-list">
        {marks.map((mark) => (
          <MarkItem
            key={mark._id}
            mark={mark}
            removesPage={removesPage}
            offeredColors={offeredColors}
            onColorChange={(color) => saveMark(mark, { color })}
            onNoteChange={(note) => saveMark(mark, noteChanges(note))}
            onTagsChange={(tags) => saveMark(mark, { tags })}
            onLearningDisabledChange={(disabled) => setLearningDisabled(mark, disabled)}
            onDelete={() => deleteMark(mark)}
          />
        ))}
      </ol>
    </>
  )
}

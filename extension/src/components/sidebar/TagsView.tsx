import { sortMarks } from '@inkmark/shared'
import { useState } from 'react'
import { callStore } from '../../pages/store-client'
import { useLibraryQuery } from '../../pages/use-library'
import { BookmarkList } from './BookmarkItem'
import { DrillDownButton, DrillDownDetail } from './DrillDown'
import { MarkItem } from './MarkItem'
import { QueryView } from './QueryView'

/** The spec's tags-view: every tag with its count, then one tag's highlights and pages. */
export function TagsView() {
  const [tag, setTag] = useState<string>()
  return tag ? (
    <TagDetail tag={tag} onBack={() => setTag(undefined)} />
  ) : (
    <TagList onOpen={setTag} />
  )
}

function TagList({ onOpen }: { onOpen: (tag: string) => void }) {
  const state = useLibraryQuery(() => callStore('getAllTags'), 'tags')
  return (
    <QueryView state={state}>
      {(tags) =>
        tags.length === 0 ? (
          <p className="empty">No tags yet. Open a highlight on the page to tag it.</p>
        ) : (
          <ul className="list" aria-label="Tags">
            {tags.map(({ name, count }) => (
              <DrillDownButton
                key={name}
                name={name}
                count={count}
                unit="uses"
                onOpen={() => onOpen(name)}
              />
            ))}
          </ul>
        )
      }
    </QueryView>
  )
}

async function loadTag(tag: string) {
  const [marks, bookmarks] = await Promise.all([
    callStore('getMarksForTag', tag),
    callStore('getBookmarksForTag', tag),
  ])
  return { marks: sortMarks(marks), bookmarks }
}

function TagDetail({ tag, onBack }: { tag: string; onBack: () => void }) {
  const state = useLibraryQuery(() => loadTag(tag), `tag:${tag}`)
  return (
    <DrillDownDetail title={`Tag: ${tag}`} backLabel="All tags" onBack={onBack}>
      <QueryView state={state}>
        {({ marks, bookmarks }) => (
          <>
            {marks.length > 0 ? (
              <ul className="list" aria-label={`Highlights tagged ${tag}`}>
                {marks.map((mark) => (
                  <MarkItem key={mark._id} mark={mark} showPage />
                ))}
              </ul>
            ) : null}
            {bookmarks.length > 0 || marks.length === 0 ? (
              <>
                <h3 className="section-title">Pages</h3>
                <BookmarkList
                  bookmarks={bookmarks}
                  label={`Pages tagged ${tag}`}
                  empty="No pages with this tag."
                />
              </>
            ) : null}
          </>
        )}
      </QueryView>
    </DrillDownDetail>
  )
}

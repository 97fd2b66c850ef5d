// The too-large-to-sync list in the Backup settings view: what sync could not send (the relay's
// body limit), each to keep on this device or delete. The toast 'Content is too large to sync.
// Click to review.' leads here (#too-large-to-sync) and the heading takes the focus.
import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useLocalStore } from '../library/LibraryProvider'
import { useLibraryVersion } from '../library/LibraryProvider'
import { useSync } from '../sync/SyncProvider'
import { TOO_LARGE_SECTION_ID } from '../sync/TooLargeWatcher'
import { deleteTooLarge, keepTooLarge, tooLargeItems, type TooLargeItem } from '../sync/too-large'

/** The section listing content too large to sync. */
export function TooLargeSection() {
  const store = useLocalStore()
  const version = useLibraryVersion()
  const { state, tooLargeNotices } = useSync()
  // Device values are not library changes: a decision here bumps this to read the list again.
  const [decisions, setDecisions] = useState(0)
  const [busy, setBusy] = useState<string>()
  const items = useTooLargeItems([version, state, tooLargeNotices, decisions])
  const headingRef = useRef<HTMLHeadingElement>(null)
  const hash = useLocation({ select: (location) => location.hash })

  useEffect(() => {
    if (hash === TOO_LARGE_SECTION_ID) {
      headingRef.current?.scrollIntoView({ block: 'start' })
      headingRef.current?.focus()
    }
  }, [hash])

  function keep(item: TooLargeItem) {
    keepTooLarge(store, item.ref)
    setDecisions((count) => count + 1)
  }

  async function remove(item: TooLargeItem) {
    setBusy(item.key)
    try {
      await deleteTooLarge(store, item.ref)
    } finally {
      setBusy(undefined)
      setDecisions((count) => count + 1)
    }
  }

  return (
    <section id={TOO_LARGE_SECTION_ID} aria-labelledby="too-large-heading">
      <h2 id="too-large-heading" ref={headingRef} tabIndex={-1}>
        Too large to sync
      </h2>
      {items.length === 0 ? (
        <p>Nothing here: everything in your library fits through sync.</p>
      ) : (
        <>
          <p>
            These items are too large to sync. They are not synced and not available on your other
            devices. Keep them in this browser only, or delete them.
          </p>
          <ul className="too-large-list">
            {items.map((item) => (
              <li key={item.key} className="too-large-item">
                <p className="too-large-title">
                  <span className="too-large-kind">{item.kind}: </span>
                  {item.title}
                </p>
                {item.url !== undefined && <p className="too-large-url">{item.url}</p>}
                {item.text !== undefined && <p className="too-large-text">{item.text}</p>}
                {item.kept ? (
                  <p className="too-large-status">Kept in this browser only.</p>
                ) : (
                  <button
                    type="button"
                    className="button"
                    aria-label={`Keep in this browser: ${item.title}`}
                    onClick={() => keep(item)}
                  >
                    Keep in this browser
                  </button>
                )}{' '}
                <button
                  type="button"
                  className="button danger"
                  aria-label={`Delete ${item.title}`}
                  disabled={busy === item.key}
                  onClick={() => void remove(item)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function useTooLargeItems(deps: readonly unknown[]): TooLargeItem[] {
  const store = useLocalStore()
  const [items, setItems] = useState(() => tooLargeItems(store))
  useEffect(() => {
    setItems(tooLargeItems(store))
  }, [store, ...deps])
  return items
}

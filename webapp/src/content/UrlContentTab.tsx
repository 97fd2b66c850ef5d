// The URL tab of add-content: a web address saved as a bookmark (url-bookmark.ts), which then
// opens; an address already in the library opens its bookmark instead of a second one. Signed in to
// a server with a misc service, the page is read there first (its title; "Reading the page…").
import { Message, TOAST_DURATION_MS } from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { useToast } from '../components/Toasts'
import { useLocalStore } from '../library/LibraryProvider'
import { canFetchPages, fetchPageContent } from '../misc/page-content-client'
import { checkPageUrl, savePageUrl } from './url-bookmark'

/** The toast shown when the address is already saved. */
export const ALREADY_SAVED_MESSAGE = 'This page is already in your library.'

/** The URL tab. */
export function UrlContentTab() {
  const store = useLocalStore()
  const navigate = useNavigate()
  const { showToast } = useToast()
  const [address, setAddress] = useState('')
  const [error, setError] = useState('')
  const [saving, setSaving] = useState<'no' | 'reading' | 'saving'>('no')
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()

  async function save(event: FormEvent) {
    event.preventDefault()
    const check = checkPageUrl(address)
    if (!check.ok) {
      setError(check.message)
      return
    }
    try {
      const known = store.getBookmarkForUrl(check.url) !== undefined
      let fetched
      if (!known && canFetchPages()) {
        setSaving('reading')
        fetched = await fetchPageContent(check.url)
      }
      setSaving('saving')
      const saved = await savePageUrl(store, check.url, fetched)
      if (saved.existing) {
        showToast({ message: ALREADY_SAVED_MESSAGE, kind: 'info', durationMs: TOAST_DURATION_MS })
      }
      void navigate({ to: '/page/$id', params: { id: saved.bookmarkId } })
    } catch (failure) {
      setSaving('no')
      setError(
        failure instanceof Error && failure.message !== ''
          ? failure.message
          : Message.GENERIC_ERROR,
      )
    }
  }

  return (
    <form className="add-content-form" onSubmit={(event) => void save(event)} noValidate>
      <label htmlFor={inputId} className="field-label">
        Page address
      </label>
      <input
        id={inputId}
        type="text"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        value={address}
        placeholder="https://example.com/article"
        aria-invalid={error !== ''}
        aria-describedby={error !== '' ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => {
          setAddress(event.target.value)
          setError('')
        }}
      />
      <p id={hintId} className="field-hint">
        {canFetchPages()
          ? 'The page is saved to your library with its title, read by the Inkmark server.'
          : 'The page is saved to your library. Its title is taken from the address until you visit the page with the extension.'}
      </p>
      {error !== '' && (
        <p id={errorId} className="error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="submit" className="button primary" disabled={saving !== 'no'}>
          {saving === 'reading'
            ? 'Reading the page…'
            : saving === 'saving'
              ? 'Saving…'
              : 'Save page'}
        </button>
      </div>
    </form>
  )
}

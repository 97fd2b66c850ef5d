// The share control of the extension (ADR 062), in the popup and the sidebar's page view: who can
// see the page (Private, Anyone with the link, Public), which highlights and notes the public page
// shows, the link with Copy, Reset link and Stop sharing. Every change goes through the
// background (pages/sharing-client.ts), which writes it, syncs, and checks the relay's public read
// before the link is offered. Signed out it says so with the way to sign in; a plan that may not
// share gets the upgrade-needed notice. All of it lives in Inkmark's own pages, never in the web
// page.
import '@inkmark/design/components.css'
import './share-panel.css'
import { Button } from '@inkmark/design'
import {
  Permission,
  hasMarkNotes,
  markNoteText,
  sortMarks,
  type Bookmark,
  type Mark,
  type SharingAnswer,
} from '@inkmark/shared'
import { useCallback, useEffect, useId, useState } from 'react'
import { SEE_PLANS, UPGRADE_NEEDED_TEXT } from '../../guest/upgrade-needed'
import { callSharing } from '../../pages/sharing-client'
import { callStore } from '../../pages/store-client'
import { highlightWords } from '../popup/page-highlights'
import {
  draftDiffers,
  hiddenText,
  initialDraft,
  withAllShown,
  withMarkShown,
  withNoteShown,
  type ShareDraft,
} from './share-draft'

/** The status line's words once a link is copied (the spec's wording). */
export const COPIED_TEXT = 'Copied to clipboard 📄'

const VISIBILITY = [
  { value: Permission.PRIVATE, label: 'Private', hint: 'Only you can see this page.' },
  {
    value: Permission.PUBLIC_LINK,
    label: 'Anyone with the link',
    hint: 'Not listed in Explore or Discover.',
  },
  { value: Permission.PUBLIC, label: 'Public', hint: 'Listed in Explore and Discover.' },
] as const

export interface SharePanelProps {
  bookmarkId: string
  /** Where "Sign in" leads (the popup's account part); without it, the words say where. */
  signInHref?: string
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; answer: SharingAnswer; bookmark: Bookmark; marks: Mark[]; draft: ShareDraft }

const failure = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.'

/** The share control for one bookmark. */
export function SharePanel({ bookmarkId, signInHref }: SharePanelProps) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' })
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState('')
  const [error, setError] = useState('')

  const load = useCallback(async () => {
    const [answer, marks, bookmark] = await Promise.all([
      callSharing('getSharing', bookmarkId),
      callStore('getMarksForBookmark', bookmarkId),
      callStore('getBookmark', bookmarkId),
    ])
    if (!bookmark) {
      throw new Error('This page is not in your library.')
    }
    const sorted = sortMarks(marks)
    return { answer, bookmark, marks: sorted, draft: initialDraft(bookmark, sorted) }
  }, [bookmarkId])

  useEffect(() => {
    let current = true
    load().then(
      (value) => current && setLoaded({ kind: 'ready', ...value }),
      (reason: unknown) => current && setLoaded({ kind: 'error', message: failure(reason) }),
    )
    return () => {
      current = false
    }
  }, [load])

  if (loaded.kind === 'loading') {
    return <p className="ink-share-muted">Loading…</p>
  }
  if (loaded.kind === 'error') {
    return (
      <p className="ink-share-error" role="alert">
        {loaded.message}
      </p>
    )
  }
  const { answer, bookmark, marks, draft } = loaded
  if (answer.kind === 'signed-out') {
    return (
      <p className="ink-share-text" data-testid="share-signed-out">
        Sharing needs an Inkmark account.{' '}
        {signInHref ? (
          <a className="ink-share-open" href={signInHref}>
            Sign in to share this page
          </a>
        ) : (
          'Sign in from the Inkmark button in the browser toolbar to share this page.'
        )}
      </p>
    )
  }
  if (answer.kind === 'upgrade-needed') {
    return (
      <div className="ink-share-notice" data-testid="share-upgrade-needed">
        <p className="ink-share-text">{UPGRADE_NEEDED_TEXT.sharing}</p>
        <Button variant="primary" onPress={SEE_PLANS.run}>
          {SEE_PLANS.label}
        </Button>
      </div>
    )
  }

  const setDraft = (next: ShareDraft) => setLoaded({ ...loaded, draft: next })
  /** Runs a sharing call, then shows what the background says. */
  const run = (call: () => Promise<SharingAnswer>, done: (answer: SharingAnswer) => string) => {
    setBusy(true)
    setError('')
    setStatus('Saving…')
    call()
      .then(async (next) => {
        const fresh = await load()
        setLoaded({ kind: 'ready', ...fresh, answer: next })
        setStatus(next.kind === 'sharing' && next.pending ? next.pending : done(next))
      })
      .catch((reason: unknown) => {
        setStatus('')
        setError(failure(reason))
      })
      .finally(() => setBusy(false))
  }
  const shared = answer.permission !== Permission.PRIVATE
  const save = () =>
    run(
      () => callSharing('share', bookmarkId, draft),
      () =>
        draft.permission === Permission.PRIVATE
          ? 'This page is private.'
          : draft.permission === Permission.PUBLIC
            ? 'This page is public.'
            : 'Anyone with the link can see this page.',
    )
  const stop = () =>
    run(
      () => callSharing('share', bookmarkId, { ...draft, permission: Permission.PRIVATE }),
      () => 'Sharing stopped. The link no longer works.',
    )
  const reset = () =>
    run(
      () => callSharing('resetLink', bookmarkId),
      () => 'The link is new. The old one no longer works.',
    )
  const copy = (link: string) => {
    navigator.clipboard.writeText(link).then(
      () => setStatus(COPIED_TEXT),
      () => setError('The link could not be copied. Select it and copy it.'),
    )
  }
  const unsaved = draftDiffers(draft, initialDraft(bookmark, marks))

  return (
    <div className="ink-share" data-testid="share-panel">
      <Visibility
        value={draft.permission}
        disabled={busy}
        onChange={(permission) => setDraft({ ...draft, permission })}
      />
      {draft.permission !== Permission.PRIVATE ? (
        <ShownMarks marks={marks} draft={draft} disabled={busy} onChange={setDraft} />
      ) : null}
      <div className="ink-share-row">
        <Button
          variant="primary"
          isDisabled={busy || !unsaved || (!shared && draft.permission === Permission.PRIVATE)}
          onPress={save}
        >
          {shared ? 'Save changes' : 'Share page'}
        </Button>
        {shared ? (
          <Button variant="danger" isDisabled={busy} onPress={stop}>
            Stop sharing
          </Button>
        ) : null}
      </div>
      {shared && answer.link && answer.live !== false ? (
        <ShareLink
          link={answer.link}
          disabled={busy}
          onCopy={() => copy(answer.link!)}
          onReset={reset}
        />
      ) : null}
      <p className="ink-share-status" role="status" data-testid="share-status">
        {status}
      </p>
      {error ? (
        <p className="ink-share-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function Visibility(props: {
  value: Permission
  disabled: boolean
  onChange: (value: Permission) => void
}) {
  const name = useId()
  return (
    <fieldset className="ink-share-fieldset">
      <legend className="ink-share-legend">Who can see this page</legend>
      {VISIBILITY.map((option) => (
        <label key={option.value} className="ink-share-choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={props.value === option.value}
            disabled={props.disabled}
            onChange={() => props.onChange(option.value)}
          />
          <span>
            <span className="ink-share-choice-label">{option.label}</span>
            <span className="ink-share-muted"> {option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

function ShownMarks(props: {
  marks: Mark[]
  draft: ShareDraft
  disabled: boolean
  onChange: (draft: ShareDraft) => void
}) {
  const { marks, draft } = props
  if (marks.length === 0) {
    return (
      <p className="ink-share-muted">
        This page has no highlights yet: only its title and link are shown.
      </p>
    )
  }
  const shown = new Set(draft.shownMarkIds)
  const notes = new Set(draft.noteShownMarkIds)
  const hidden = hiddenText(draft, marks)
  return (
    <fieldset className="ink-share-fieldset">
      <legend className="ink-share-legend">What the shared page shows</legend>
      <p className="ink-share-muted">Notes stay private unless you show them.</p>
      <ul className="ink-share-marks">
        {marks.map((mark) => (
          <li key={mark._id} className="ink-share-mark">
            <label className="ink-share-choice">
              <input
                type="checkbox"
                checked={shown.has(mark._id)}
                disabled={props.disabled}
                onChange={(event) =>
                  props.onChange(withMarkShown(draft, mark._id, event.target.checked))
                }
              />
              <span
                className="ink-share-swatch"
                style={{ background: mark.color }}
                aria-hidden="true"
              />
              <span className="ink-share-mark-text">{highlightWords(mark)}</span>
            </label>
            {hasMarkNotes(mark) ? (
              <label className="ink-share-choice ink-share-note">
                <input
                  type="checkbox"
                  checked={notes.has(mark._id)}
                  disabled={props.disabled}
                  onChange={(event) =>
                    props.onChange(withNoteShown(draft, mark._id, event.target.checked))
                  }
                />
                <span>
                  Show note: <span className="ink-share-muted">{markNoteText(mark)}</span>
                </span>
              </label>
            ) : null}
          </li>
        ))}
      </ul>
      {hidden ? (
        <div className="ink-share-row">
          <span className="ink-share-muted" data-testid="share-hidden-count">
            {hidden}
          </span>
          <Button
            size="sm"
            isDisabled={props.disabled}
            onPress={() => props.onChange(withAllShown(draft, marks))}
          >
            Show all highlights
          </Button>
        </div>
      ) : null}
    </fieldset>
  )
}

function ShareLink(props: {
  link: string
  disabled: boolean
  onCopy: () => void
  onReset: () => void
}) {
  const id = useId()
  return (
    <div className="ink-share-link">
      <label htmlFor={id} className="ink-share-legend">
        Link to the shared page
      </label>
      <input
        id={id}
        className="ink-share-link-field"
        readOnly
        value={props.link}
        onFocus={(event) => event.target.select()}
      />
      <div className="ink-share-row">
        <Button variant="primary" isDisabled={props.disabled} onPress={props.onCopy}>
          Copy link
        </Button>
        <a className="ink-share-open" href={props.link} target="_blank" rel="noopener noreferrer">
          Open shared page
        </a>
        <Button variant="ghost" isDisabled={props.disabled} onPress={props.onReset}>
          Reset link
        </Button>
      </div>
    </div>
  )
}

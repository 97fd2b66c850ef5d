// The share dialog of one page: who can see it (Private, Anyone with the link, Public), which
// highlights and notes the public page shows (highlights on, notes off by default, ADR 057), a
// preview count from the same projection the relay publishes, and the link (copy, reset, stop
// sharing). Every change is written locally, synced and confirmed with the relay before the dialog
// says it is live (use-share-publisher.ts); the link is shown as live only once the relay confirmed
// that share id. Without an account, a relay, a connection or a plan that shares, it says so, and a
// page shared already can still go Private (written locally, gone from the relay once synced).
import { Button, Modal } from '@inkmark/design'
import {
  applySharingChoice,
  markNoteText,
  Permission,
  resetShareId,
  type Bookmark,
  type Mark,
  type SharingChoice,
} from '@inkmark/shared'
import { useEffect, useId, useRef, useState } from 'react'
import { Checkbox, Label, Radio, RadioGroup, Text } from 'react-aria-components'
import { useOpenSignIn } from '../account/open-sign-in'
import { useToast } from '../components/Toasts'
import {
  BLOCKER_TEXTS,
  dialogMarks,
  hiddenCount,
  initialChoice,
  isPageShared,
  isPermission,
  markHasNote,
  pendingLinkText,
  previewOf,
  previewText,
  SHARED_BLOCKER_TEXTS,
  shareLinkState,
  showsShareForm,
  VISIBILITY_OPTIONS,
  withAllShown,
  withMarkShown,
  withNoteShown,
  type ShareBlocker,
} from './share-dialog-model'
import { shareLinkOf } from './share-link'
import { isPublished } from './sharing-api'
import { useSharePublisher } from './use-share-publisher'
import './sharing.css'

/** The toast after copying a share link (the spec's text). */
export const COPIED_MESSAGE = 'Copied to clipboard 📄'

/** How much of a highlight the dialog's list shows. */
const SNIPPET_LENGTH = 140

function snippetOf(mark: Mark): string {
  const text = (mark.text ?? markNoteText(mark)).trim() || 'Highlight without text'
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text
}

/** Copies a share link and says so in a toast. */
export function useCopyShareLink(): (shareId: string) => void {
  const { showToast } = useToast()
  return (shareId) => {
    navigator.clipboard.writeText(shareLinkOf(shareId)).then(
      () => showToast({ message: COPIED_MESSAGE, kind: 'success', id: 'share-link-copied' }),
      () =>
        showToast({
          message: 'The link could not be copied: select it in the dialog and copy it.',
          kind: 'warning',
        }),
    )
  }
}

/**
 * The share dialog for `bookmark` while `isOpen`; `blocker` says why sharing cannot start;
 * `knownLive` when GET /sharing listed its share id live (else the dialog asks the relay).
 */
export function ShareDialog({
  bookmark,
  marks,
  blocker,
  knownLive = false,
  isOpen,
  onClose,
}: {
  bookmark: Bookmark
  marks: readonly Mark[]
  blocker: ShareBlocker | undefined
  knownLive?: boolean
  isOpen: boolean
  onClose: () => void
}) {
  // Decided when the dialog opens: a blocked page shared then keeps its form after it goes Private,
  // so the dialog can say how stopping went.
  const [keepsForm] = useState(() => showsShareForm(blocker, bookmark) && blocker !== undefined)
  return (
    <Modal
      title={`Share “${bookmark.title || bookmark.url}”`}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      className="share-dialog"
    >
      {(close) =>
        blocker !== undefined && !keepsForm ? (
          <BlockedShare blocker={blocker} close={close} />
        ) : (
          <ShareForm
            bookmark={bookmark}
            marks={marks}
            blocker={blocker}
            knownLive={knownLive}
            close={close}
          />
        )
      }
    </Modal>
  )
}

function BlockedShare({ blocker, close }: { blocker: ShareBlocker; close: () => void }) {
  const openSignIn = useOpenSignIn()
  return (
    <>
      <p data-share-blocker={blocker}>{BLOCKER_TEXTS[blocker]}</p>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={close}>
          Close
        </Button>
        {blocker === 'signed-out' && (
          <Button
            variant="primary"
            onPress={() => {
              close()
              openSignIn()
            }}
          >
            Sign in
          </Button>
        )}
      </div>
    </>
  )
}

/** The share id the relay confirmed live in this dialog (GET /sharing's word, else one 200). */
function useLiveShareId(
  bookmark: Bookmark,
  knownLive: boolean,
  blocker: ShareBlocker | undefined,
): [string | undefined, (shareId: string | undefined) => void] {
  const shareId = isPageShared(bookmark) ? bookmark.shareId : undefined
  const [liveShareId, setLiveShareId] = useState(knownLive ? shareId : undefined)
  useEffect(() => {
    if (knownLive || shareId === undefined || blocker !== undefined) {
      return
    }
    // Only a 200 for this share id counts; a 404 or no answer leaves it "not live yet".
    let current = true
    isPublished(shareId).then(
      (published) => current && published && setLiveShareId((live) => live ?? shareId),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [knownLive, shareId, blocker])
  return [liveShareId, setLiveShareId]
}

function ShareForm({
  bookmark,
  marks,
  blocker,
  knownLive,
  close,
}: {
  bookmark: Bookmark
  marks: readonly Mark[]
  blocker: ShareBlocker | undefined
  knownLive: boolean
  close: () => void
}) {
  const [choice, setChoice] = useState<SharingChoice>(() => initialChoice(bookmark, marks))
  const { status, publish: publishEntities } = useSharePublisher()
  const [liveShareId, setLiveShareId] = useLiveShareId(bookmark, knownLive, blocker)
  const copyLink = useCopyShareLink()
  const shared = isPageShared(bookmark)
  const busy = status?.busy === true
  // A blocked page (only reachable when shared) may only go Private.
  const blocked = blocker !== undefined
  const linkState = shareLinkState({ bookmark, liveShareId, busy })
  const listed = dialogMarks(marks)
  const sharing = choice.permission !== Permission.PRIVATE
  const preview = previewOf(bookmark, marks, choice, Date.now())
  const hidden = hiddenCount(choice, marks)
  const highlightsHeadingId = useId()
  // Sharing or stopping swaps the buttons, and the one pressed is gone: the new first action
  // (Copy link, or Close) takes the focus, so the keyboard (and Escape) stay in the dialog.
  const lastShared = useRef(shared)
  const swapped = shared !== lastShared.current
  useEffect(() => {
    lastShared.current = shared
  })

  // The link is live once the relay confirmed the share id just published, and not before.
  const publish = async (entities: { bookmark: Bookmark; marks: Mark[] }) => {
    setLiveShareId(undefined)
    const outcome = await publishEntities(entities)
    const published = isPageShared(entities.bookmark) && outcome === 'confirmed'
    setLiveShareId(published ? entities.bookmark.shareId : undefined)
  }
  const save = (next: SharingChoice) =>
    publish(applySharingChoice(bookmark, marks, next, Date.now()))

  return (
    <div className="share-form">
      <RadioGroup
        className="share-visibility"
        value={choice.permission}
        onChange={(value) => isPermission(value) && setChoice({ ...choice, permission: value })}
        isDisabled={busy || blocked}
      >
        <Label className="share-section-label">Who can see this page</Label>
        {VISIBILITY_OPTIONS.map((option) => (
          <Radio key={option.value} value={option.value} className="share-visibility__option">
            <span className="share-visibility__text">
              <span className="share-visibility__label">{option.label}</span>
              <Text slot="description" className="share-visibility__description">
                {option.description}
              </Text>
            </span>
          </Radio>
        ))}
      </RadioGroup>

      {sharing && listed.length > 0 && (
        <section aria-labelledby={highlightsHeadingId} className="share-highlights">
          <h3 id={highlightsHeadingId} className="share-section-label">
            What the shared page shows
          </h3>
          {hidden > 0 && (
            <p className="share-hidden">
              {hidden === 1 ? '1 highlight is hidden.' : `${hidden} highlights are hidden.`}{' '}
              <Button
                variant="secondary"
                size="sm"
                isDisabled={busy || blocked}
                onPress={() => setChoice(withAllShown(choice, marks))}
              >
                Show all highlights
              </Button>
            </p>
          )}
          <ul className="share-highlight-list">
            {listed.map((mark) => {
              const shown = choice.shownMarkIds.includes(mark._id)
              const snippet = snippetOf(mark)
              return (
                <li key={mark._id} className="share-highlight" data-mark-id={mark._id}>
                  <span className="share-highlight__swatch" style={{ background: mark.color }} />
                  <span className="share-highlight__text">{snippet}</span>
                  <span className="share-highlight__choices">
                    <ShareCheckbox
                      label="Show"
                      name={`Show highlight: ${snippet}`}
                      isSelected={shown}
                      isDisabled={busy || blocked}
                      onChange={(value) => setChoice(withMarkShown(choice, mark._id, value))}
                    />
                    {markHasNote(mark) && (
                      <ShareCheckbox
                        label="Show note"
                        name={`Show note of: ${snippet}`}
                        isSelected={shown && choice.noteShownMarkIds.includes(mark._id)}
                        isDisabled={busy || blocked || !shown}
                        onChange={(value) => setChoice(withNoteShown(choice, mark._id, value))}
                      />
                    )}
                  </span>
                </li>
              )
            })}
          </ul>
        </section>
      )}

      <p className="share-preview" aria-live="polite" data-testid="share-preview">
        {previewText(preview, choice.permission)}
      </p>

      {blocker !== undefined && (
        <p className="share-blocked" data-share-blocker={blocker}>
          {shared ? SHARED_BLOCKER_TEXTS[blocker] : BLOCKER_TEXTS[blocker]}
        </p>
      )}

      {linkState !== 'none' && bookmark.shareId !== undefined && (
        <ShareLink
          link={shareLinkOf(bookmark.shareId)}
          live={linkState === 'live'}
          pendingText={pendingLinkText(blocker)}
        />
      )}

      <p
        role="status"
        className={`share-status share-status--${status?.tone ?? 'info'}`}
        data-busy={busy || undefined}
      >
        {status?.text ?? ''}
      </p>

      <div className="dialog-actions share-actions">
        {shared ? (
          <>
            <Button
              variant="secondary"
              isDisabled={busy}
              onPress={() => void save({ ...choice, permission: Permission.PRIVATE })}
            >
              Stop sharing
            </Button>
            <Button
              variant="secondary"
              isDisabled={busy || blocked}
              onPress={() =>
                void publish({ bookmark: resetShareId(bookmark, Date.now()), marks: [] })
              }
            >
              Reset link
            </Button>
            {bookmark.shareId !== undefined && (
              <Button
                variant="secondary"
                autoFocus={swapped}
                // aria-disabled, not disabled, while busy: it keeps the focus it takes when the
                // buttons swap, but copies nothing until the relay has answered.
                aria-disabled={busy || undefined}
                onPress={() => !busy && copyLink(bookmark.shareId!)}
              >
                Copy link
              </Button>
            )}
            <Button
              variant="primary"
              isDisabled={busy || blocked}
              onPress={() => void save(choice)}
            >
              Save
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" autoFocus={swapped} onPress={close}>
              Close
            </Button>
            <Button
              variant="primary"
              isDisabled={busy || blocked || !sharing}
              onPress={() => void save(choice)}
            >
              Share
            </Button>
          </>
        )}
      </div>
    </div>
  )
}

/** The page's link: a link when the relay confirmed it live, else plain text saying it is not. */
function ShareLink({
  link,
  live,
  pendingText,
}: {
  link: string
  live: boolean
  pendingText: string
}) {
  return live ? (
    <p className="share-link" data-link-state="live">
      Link:{' '}
      <a href={link} target="_blank" rel="noopener noreferrer" data-share-link={link}>
        {link}
      </a>
    </p>
  ) : (
    <p className="share-link" data-link-state="pending">
      {pendingText} Link: <span data-share-link={link}>{link}</span>
    </p>
  )
}

/** A checkbox with a short visible label and a fuller accessible name (which starts with it). */
function ShareCheckbox({
  label,
  name,
  isSelected,
  isDisabled,
  onChange,
}: {
  label: string
  name: string
  isSelected: boolean
  isDisabled: boolean
  onChange: (isSelected: boolean) => void
}) {
  return (
    <Checkbox
      className="share-checkbox"
      aria-label={name}
      isSelected={isSelected}
      isDisabled={isDisabled}
      onChange={onChange}
    >
      <span className="share-checkbox__box" aria-hidden="true">
        {isSelected ? '✓' : ''}
      </span>
      {label}
    </Checkbox>
  )
}

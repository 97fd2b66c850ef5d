// The share dialog of one page: who can see it (Private, Anyone with the link, Public), which
// highlights and notes the public page shows (highlights on, notes off by default, ADR 057), a
// preview count from the same projection the relay publishes, and the link (copy, reset, stop
// sharing). Every change is written locally, synced and confirmed with the relay before the dialog
// says it is live (use-share-publisher.ts). Without an account, a relay or a connection it says so.
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
  previewOf,
  previewText,
  VISIBILITY_OPTIONS,
  withAllShown,
  withMarkShown,
  withNoteShown,
  type ShareBlocker,
} from './share-dialog-model'
import { shareLinkOf } from './sharing-api'
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

/** The share dialog for `bookmark` while `isOpen`; `blocker` says why sharing cannot start. */
export function ShareDialog({
  bookmark,
  marks,
  blocker,
  isOpen,
  onClose,
}: {
  bookmark: Bookmark
  marks: readonly Mark[]
  blocker: ShareBlocker | undefined
  isOpen: boolean
  onClose: () => void
}) {
  return (
    <Modal
      title={`Share “${bookmark.title || bookmark.url}”`}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      className="share-dialog"
    >
      {(close) =>
        blocker === undefined || blocker === 'plan' ? (
          <ShareForm bookmark={bookmark} marks={marks} close={close} />
        ) : (
          <BlockedShare blocker={blocker} close={close} />
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

function ShareForm({
  bookmark,
  marks,
  close,
}: {
  bookmark: Bookmark
  marks: readonly Mark[]
  close: () => void
}) {
  const [choice, setChoice] = useState<SharingChoice>(() => initialChoice(bookmark, marks))
  const { status, publish } = useSharePublisher()
  const copyLink = useCopyShareLink()
  const shared = isPageShared(bookmark)
  const busy = status?.busy === true
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

  const save = (next: SharingChoice) =>
    publish(applySharingChoice(bookmark, marks, next, Date.now()))

  return (
    <div className="share-form">
      <RadioGroup
        className="share-visibility"
        value={choice.permission}
        onChange={(value) => isPermission(value) && setChoice({ ...choice, permission: value })}
        isDisabled={busy}
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
                isDisabled={busy}
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
                      isDisabled={busy}
                      onChange={(value) => setChoice(withMarkShown(choice, mark._id, value))}
                    />
                    {markHasNote(mark) && (
                      <ShareCheckbox
                        label="Show note"
                        name={`Show note of: ${snippet}`}
                        isSelected={shown && choice.noteShownMarkIds.includes(mark._id)}
                        isDisabled={busy || !shown}
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

      {shared && bookmark.shareId !== undefined && (
        <p className="share-link">
          Link:{' '}
          <a href={shareLinkOf(bookmark.shareId)} target="_blank" rel="noopener noreferrer">
            {shareLinkOf(bookmark.shareId)}
          </a>
        </p>
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
              isDisabled={busy}
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
                onPress={() => copyLink(bookmark.shareId!)}
              >
                Copy link
              </Button>
            )}
            <Button variant="primary" isDisabled={busy} onPress={() => void save(choice)}>
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
              isDisabled={busy || !sharing}
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

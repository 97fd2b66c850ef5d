// A learning session: today's cards (of the whole library or one category), fixed when it starts,
// shown one at a time. The front shows the highlight and its page; 'Show answer' reveals the note,
// the tags, the link back and the three answers with when each brings the card back. Keys: Space
// reveals, 1/2/3 answer, D discards, Escape leaves. Every answer and discard is one write of the
// mark through the local store, so a session works offline; the end shows the session's result.
import { Button, EmptyState, TagChip, TagChipList } from '@inkmark/design'
import { isImageMark, markNoteText, type Mark } from '@inkmark/shared'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useToast } from '../components/Toasts'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { isEditableTarget } from '../lib/keyboard'
import { nextReviewPreview, reviewMark, setMarkLearningDisabled } from './learning-actions'
import { sessionFor, type LearningCategory } from '@inkmark/shared'
import {
  ANSWERS,
  applySessionCommand,
  currentCardId,
  isSessionOver,
  sessionKeyCommand,
  sessionProgressLabel,
  startSession,
  type SessionCommand,
  type SessionState,
} from './learning-session-model'
import { DISCARDED_MESSAGE, reviewWhenLabel } from './learning-words'
import { SessionResult } from './SessionResult'
import { useLearningCards } from './use-learning'

/** The session view of /learning; `category` limits it to a tag or a site. */
export function LearningSession({ category }: { category?: LearningCategory }) {
  const { marks, now, tz } = useLearningCards()
  // The cards are chosen once, when the session starts: answering one must not reshuffle the rest.
  const [state, setState] = useState<SessionState>(() =>
    startSession(sessionFor(marks, now, tz, category).cards.map((card) => card._id)),
  )
  const byId = useMemo(() => new Map(marks.map((mark) => [mark._id, mark])), [marks])
  const cardId = currentCardId(state)
  const mark = cardId === undefined ? undefined : byId.get(cardId)
  const store = useLocalStore()
  const { showToast } = useToast()
  const navigate = useNavigate()
  const cardRef = useRef<HTMLElement>(null)
  const settings = useLibraryQuery((library) => library.getChromeSettings(), [])

  const run = (command: SessionCommand) => {
    if (command.type === 'leave') {
      void navigate({ to: '/learning' })
      return
    }
    if (mark === undefined) {
      return
    }
    if (command.type === 'answer' && state.revealed) {
      reviewMark(store, mark._id, command.answer, Date.now()).catch(notSaved)
    }
    if (command.type === 'discard') {
      discard(mark)
    }
    setState((previous) => applySessionCommand(previous, command))
  }

  // A write that failed (the highlight deleted meanwhile, storage full) is said, never swallowed.
  function notSaved(error: unknown) {
    showToast({
      message: `Your answer was not saved: ${error instanceof Error ? error.message : 'something went wrong'}.`,
      kind: 'error',
      id: 'learning-not-saved',
    })
  }

  function discard(discarded: Mark) {
    setMarkLearningDisabled(store, discarded._id, true).catch(notSaved)
    showToast({
      message: DISCARDED_MESSAGE,
      kind: 'success',
      id: 'learning-discarded',
      action: {
        label: 'Undo',
        onClick: () => void setMarkLearningDisabled(store, discarded._id, false).catch(notSaved),
      },
    })
  }

  // A card deleted meanwhile (here or on another device) is passed over.
  useEffect(() => {
    if (cardId !== undefined && mark === undefined) {
      setState((previous) => applySessionCommand(previous, { type: 'skip' }))
    }
  }, [cardId, mark])

  // Each new card, and its revealed side, takes the focus: the keys and a screen reader follow.
  useEffect(() => {
    cardRef.current?.focus()
  }, [state.index, state.revealed])

  const runRef = useRef(run)
  runRef.current = run
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.defaultPrevented ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        isEditableTarget(event.target) ||
        isInDialog(event.target)
      ) {
        return
      }
      // Space on a focused button or link presses it; elsewhere it reveals.
      if (event.key === ' ' && isPressable(event.target)) {
        return
      }
      const command = sessionKeyCommand(event.key, revealedRef.current)
      if (command !== undefined) {
        event.preventDefault()
        // A held key answers or discards once, not card after card.
        if (!event.repeat) {
          runRef.current(command)
        }
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
  const revealedRef = useRef(state.revealed)
  revealedRef.current = state.revealed

  if (state.cardIds.length === 0) {
    return (
      <EmptyState
        title="Nothing to learn right now"
        icon="✅"
        action={
          <Link to="/learning" className="ink-button ink-button--primary ink-button--md">
            Back to the learning dashboard
          </Link>
        }
      >
        <p>
          {marks.length === 0
            ? 'You have no highlights yet. Every highlight you make becomes a learning card.'
            : category === undefined
              ? 'No card is due today, or today’s target is reached. Come back tomorrow.'
              : 'No card of this category is due today. Pick another category or come back tomorrow.'}
        </p>
      </EmptyState>
    )
  }
  if (isSessionOver(state)) {
    return <SessionResult session={state} marks={byId} />
  }
  if (mark === undefined) {
    return null
  }

  const preview = nextReviewPreview(mark, settings, now)
  const note = markNoteText(mark)
  const position = state.index
  return (
    <div className="learning-session">
      <div className="learning-session__progress">
        <p role="status">Card {sessionProgressLabel(state)}</p>
        <div
          className="learning-progress__bar"
          role="progressbar"
          aria-label="Session progress"
          aria-valuemin={0}
          aria-valuemax={state.cardIds.length}
          aria-valuenow={position}
        >
          <span
            className="learning-progress__fill"
            style={{ width: `${(100 * position) / state.cardIds.length}%` }}
          />
        </div>
      </div>
      <article
        ref={cardRef}
        tabIndex={-1}
        className="learning-card ink-card"
        aria-label={`Card ${sessionProgressLabel(state)}`}
      >
        <p className="learning-card__page">
          From <cite>{mark.title || mark.url}</cite>
        </p>
        <blockquote className="learning-card__text">
          {isImageMark(mark) ? (mark.imageAlt ?? 'An image highlight') : mark.text}
        </blockquote>
        {state.revealed ? (
          <div className="learning-card__answer">
            <h2 className="visually-hidden">Answer</h2>
            {note !== '' ? (
              <p className="learning-card__note">{note}</p>
            ) : (
              <p className="learning-card__note learning-card__note--none">
                No note on this highlight.
              </p>
            )}
            {mark.tags.length > 0 && (
              <TagChipList label="Tags of this highlight">
                {mark.tags.map((tag) => (
                  <li key={tag}>
                    <TagChip tag={tag} />
                  </li>
                ))}
              </TagChipList>
            )}
            <Link
              to="/page/$id"
              params={{ id: mark._bookmark }}
              hash={`mark-${mark._id}`}
              className="learning-card__link"
            >
              Open this highlight in its page
            </Link>
          </div>
        ) : null}
      </article>
      {state.revealed ? (
        <div className="learning-answers" role="group" aria-label="How well did you know it?">
          {ANSWERS.map((answer) => (
            <Button
              key={answer.key}
              variant={answer.key === 'KNOW' ? 'primary' : 'secondary'}
              className="learning-answer"
              aria-keyshortcuts={answer.shortcut}
              onPress={() => run({ type: 'answer', answer: answer.key })}
            >
              <span className="learning-answer__label">{answer.label}</span>
              <span className="learning-answer__when">
                back {reviewWhenLabel(preview[answer.key], now, tz)}
              </span>
              <kbd aria-hidden="true">{answer.shortcut}</kbd>
            </Button>
          ))}
        </div>
      ) : (
        <div className="learning-answers">
          <Button
            variant="primary"
            size="lg"
            aria-keyshortcuts="Space"
            onPress={() => run({ type: 'reveal' })}
          >
            Show answer <kbd aria-hidden="true">Space</kbd>
          </Button>
        </div>
      )}
      <div className="learning-session__actions">
        <Button variant="ghost" aria-keyshortcuts="D" onPress={() => run({ type: 'discard' })}>
          Discard <kbd aria-hidden="true">D</kbd>
        </Button>
        <Button variant="ghost" aria-keyshortcuts="Escape" onPress={() => run({ type: 'leave' })}>
          Leave session <kbd aria-hidden="true">Esc</kbd>
        </Button>
      </div>
    </div>
  )
}

function isInDialog(target: EventTarget | null): boolean {
  return (
    target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null
  )
}

function isPressable(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('button, a, [role="button"], [role="link"]') !== null
  )
}

// A learning session as plain state: the cards fixed when it starts, the one shown, whether its
// answer is revealed, and what was answered or discarded. The session view renders it and sends
// it the person's commands (buttons or keys); the store writes happen beside it, so this stays
// pure and is tested on its own.
import { LearningRating } from '@inkmark/shared'

/** The three answers, in the order of their buttons and keys 1, 2, 3. */
export const ANSWERS = [
  { key: 'DONT_KNOW', rating: LearningRating.DONT_KNOW, label: "Don't know", shortcut: '1' },
  { key: 'NEUTRAL', rating: LearningRating.NEUTRAL, label: 'Neutral', shortcut: '2' },
  { key: 'KNOW', rating: LearningRating.KNOW, label: 'I know', shortcut: '3' },
] as const

/** An answer's name. */
export type AnswerKey = (typeof ANSWERS)[number]['key']

/** One session: its cards (mark ids), the position, the reveal and the answers given. */
export interface SessionState {
  cardIds: readonly string[]
  index: number
  revealed: boolean
  answers: readonly { markId: string; answer: AnswerKey }[]
  discarded: readonly string[]
}

/** What a person can do in a session. */
export type SessionCommand =
  | { type: 'reveal' }
  | { type: 'answer'; answer: AnswerKey }
  | { type: 'discard' }
  | { type: 'leave' }
  /** The card is gone from the library (deleted meanwhile): pass it without an answer. */
  | { type: 'skip' }

/** A new session over these cards. */
export function startSession(cardIds: readonly string[]): SessionState {
  return { cardIds, index: 0, revealed: false, answers: [], discarded: [] }
}

/** The card shown, or undefined once the session is over. */
export function currentCardId(state: SessionState): string | undefined {
  return state.cardIds[state.index]
}

/** Whether every card was answered or discarded. */
export function isSessionOver(state: SessionState): boolean {
  return state.index >= state.cardIds.length
}

/** "3 of 10": the card shown and how many the session has. */
export function sessionProgressLabel(state: SessionState): string {
  return `${Math.min(state.index + 1, state.cardIds.length)} of ${state.cardIds.length}`
}

/** The state after a command ('leave' is the view's, and changes nothing here). */
export function applySessionCommand(state: SessionState, command: SessionCommand): SessionState {
  const cardId = currentCardId(state)
  if (cardId === undefined) {
    return state
  }
  switch (command.type) {
    case 'reveal':
      return { ...state, revealed: true }
    case 'answer':
      // Answers come after the reveal: a rating of an unseen answer would be a guess.
      return state.revealed
        ? {
            ...state,
            index: state.index + 1,
            revealed: false,
            answers: [...state.answers, { markId: cardId, answer: command.answer }],
          }
        : state
    case 'discard':
      return {
        ...state,
        index: state.index + 1,
        revealed: false,
        discarded: [...state.discarded, cardId],
      }
    case 'skip':
      return { ...state, index: state.index + 1, revealed: false }
    case 'leave':
      return state
  }
}

/** How many cards got each answer. */
export function answerCounts(state: SessionState): Record<AnswerKey, number> {
  const counts: Record<AnswerKey, number> = { DONT_KNOW: 0, NEUTRAL: 0, KNOW: 0 }
  for (const { answer } of state.answers) {
    counts[answer] += 1
  }
  return counts
}

/** The session command of a key (Space reveals, 1/2/3 answer, D discards, Escape leaves). */
export function sessionKeyCommand(key: string, revealed: boolean): SessionCommand | undefined {
  if (key === ' ' || key === 'Spacebar') {
    return revealed ? undefined : { type: 'reveal' }
  }
  if (key === 'Escape') {
    return { type: 'leave' }
  }
  if (key === 'd' || key === 'D') {
    return { type: 'discard' }
  }
  const answer = ANSWERS.find((candidate) => candidate.shortcut === key)
  return answer !== undefined && revealed ? { type: 'answer', answer: answer.key } : undefined
}

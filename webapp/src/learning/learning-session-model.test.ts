import { describe, expect, it } from 'vitest'
import {
  answerCounts,
  applySessionCommand,
  currentCardId,
  isSessionOver,
  sessionKeyCommand,
  sessionProgressLabel,
  startSession,
  type SessionCommand,
} from './learning-session-model'

function run(commands: SessionCommand[], ids = ['a', 'b', 'c']) {
  return commands.reduce(applySessionCommand, startSession(ids))
}

describe('a learning session', () => {
  it('reveals, answers and moves on, counting the answers', () => {
    const state = run([
      { type: 'reveal' },
      { type: 'answer', answer: 'KNOW' },
      { type: 'reveal' },
      { type: 'answer', answer: 'DONT_KNOW' },
    ])
    expect(currentCardId(state)).toBe('c')
    expect(sessionProgressLabel(state)).toBe('3 of 3')
    expect(state.revealed).toBe(false)
    expect(answerCounts(state)).toEqual({ DONT_KNOW: 1, NEUTRAL: 0, KNOW: 1 })
    expect(isSessionOver(state)).toBe(false)
  })

  it('takes no answer before the reveal', () => {
    const state = run([{ type: 'answer', answer: 'KNOW' }])
    expect(currentCardId(state)).toBe('a')
    expect(state.answers).toEqual([])
  })

  it('discards and skips without an answer, and ends after the last card', () => {
    const state = run([
      { type: 'discard' },
      { type: 'skip' },
      { type: 'reveal' },
      { type: 'answer', answer: 'NEUTRAL' },
    ])
    expect(state.discarded).toEqual(['a'])
    expect(state.answers).toEqual([{ markId: 'c', answer: 'NEUTRAL' }])
    expect(isSessionOver(state)).toBe(true)
    expect(currentCardId(state)).toBeUndefined()
    // Commands after the end change nothing.
    expect(applySessionCommand(state, { type: 'discard' })).toBe(state)
  })

  it('starts as "1 of 10"', () => {
    const ids = Array.from({ length: 10 }, (_, index) => `m${index}`)
    expect(sessionProgressLabel(startSession(ids))).toBe('1 of 10')
  })
})

describe('sessionKeyCommand', () => {
  it('maps Space, 1/2/3, D and Escape', () => {
    expect(sessionKeyCommand(' ', false)).toEqual({ type: 'reveal' })
    expect(sessionKeyCommand(' ', true)).toBeUndefined()
    expect(sessionKeyCommand('1', true)).toEqual({ type: 'answer', answer: 'DONT_KNOW' })
    expect(sessionKeyCommand('2', true)).toEqual({ type: 'answer', answer: 'NEUTRAL' })
    expect(sessionKeyCommand('3', true)).toEqual({ type: 'answer', answer: 'KNOW' })
    expect(sessionKeyCommand('3', false)).toBeUndefined()
    expect(sessionKeyCommand('d', false)).toEqual({ type: 'discard' })
    expect(sessionKeyCommand('D', true)).toEqual({ type: 'discard' })
    expect(sessionKeyCommand('Escape', false)).toEqual({ type: 'leave' })
    expect(sessionKeyCommand('x', true)).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import {
  AI_ERROR_CODES,
  AiError,
  aiErrorMessage,
  isAbortError,
  isAiError,
  isQuotaExceededError,
} from './ai-error'

describe('AiError', () => {
  it('carries its code, status and wait', () => {
    const error = new AiError('rate-limited', 'slow down', { status: 429, retryAfterMs: 2000 })
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'AiError', code: 'rate-limited', status: 429 })
    expect(error.retryAfterMs).toBe(2000)
    expect(isAiError(error)).toBe(true)
    expect(isAiError(error, 'network')).toBe(false)
    expect(isAiError(new Error('x'))).toBe(false)
  })
})

describe('isQuotaExceededError', () => {
  it('recognises the browser’s QuotaExceededError by name, by its text and as an AiError', () => {
    expect(isQuotaExceededError(new DOMException('too long', 'QuotaExceededError'))).toBe(true)
    expect(isQuotaExceededError(new Error('Failed: QuotaExceededError: input too large'))).toBe(
      true,
    )
    expect(isQuotaExceededError('QuotaExceededError')).toBe(true)
    expect(isQuotaExceededError(new AiError('quota-exceeded', 'too long'))).toBe(true)
  })

  it('refuses other errors and non-errors', () => {
    expect(isQuotaExceededError(new AiError('network', 'QuotaExceededError in text'))).toBe(false)
    expect(isQuotaExceededError(new DOMException('stop', 'AbortError'))).toBe(false)
    expect(isQuotaExceededError(undefined)).toBe(false)
    expect(isQuotaExceededError(42)).toBe(false)
  })
})

describe('isAbortError', () => {
  it('recognises AbortError and an aborted AiError', () => {
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(true)
    expect(isAbortError(new AiError('aborted', 'stop'))).toBe(true)
    expect(isAbortError(new AiError('network', 'gone'))).toBe(false)
    expect(isAbortError(null)).toBe(false)
  })
})

describe('aiErrorMessage', () => {
  it('gives one plain sentence per code', () => {
    const messages = AI_ERROR_CODES.map((code) => aiErrorMessage(new AiError(code, 'internal')))
    expect(new Set(messages).size).toBe(AI_ERROR_CODES.length)
    for (const message of messages) {
      expect(message).toMatch(/^[A-Z].*\.$/)
      expect(message).not.toContain('internal')
    }
  })

  it('says how long to wait after a rate limit, in whole seconds with the right plural', () => {
    const wait = (ms: number) =>
      aiErrorMessage(new AiError('rate-limited', 'x', { status: 429, retryAfterMs: ms }))
    expect(wait(12_000)).toBe('The AI endpoint has had too many requests. Try again in 12 seconds.')
    expect(wait(400)).toBe('The AI endpoint has had too many requests. Try again in 1 second.')
    expect(aiErrorMessage(new AiError('rate-limited', 'x'))).toBe(
      'The AI endpoint has had too many requests. Try again in a moment.',
    )
  })

  it('explains the browser’s QuotaExceededError and AbortError, and anything else generally', () => {
    expect(aiErrorMessage(new DOMException('x', 'QuotaExceededError'))).toBe(
      aiErrorMessage(new AiError('quota-exceeded', 'x')),
    )
    expect(aiErrorMessage(new DOMException('x', 'AbortError'))).toBe('Cancelled.')
    expect(aiErrorMessage(new TypeError('boom'))).toBe(
      'Something went wrong with the AI. Try again.',
    )
  })
})

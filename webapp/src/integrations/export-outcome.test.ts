import { NOTION_DAILY_LIMIT_MESSAGE } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { integrationFailureOf } from './export-outcome'

const callError = (status: number, code: string, message = 'm') =>
  Object.assign(new Error(message), { status, code })

describe('integrationFailureOf', () => {
  it('opens the upgrade dialog on 402 daily_limit', () => {
    expect(
      integrationFailureOf(callError(402, 'daily_limit', NOTION_DAILY_LIMIT_MESSAGE), 'notion'),
    ).toEqual({
      kind: 'daily-limit',
      message: NOTION_DAILY_LIMIT_MESSAGE,
    })
  })

  it('leads to reconnecting on 401 unauthorized', () => {
    const failure = integrationFailureOf(callError(401, 'unauthorized'), 'notion')
    expect(failure.kind).toBe('reconnect')
    expect(failure.message).toContain('Reconnect Notion')
  })

  it('words the other codes plainly', () => {
    expect(integrationFailureOf(callError(404, 'object_not_found'), 'notion').message).toContain(
      'Share it with the Inkmark integration again',
    )
    expect(
      integrationFailureOf(callError(404, 'object_not_found'), 'capacities').message,
    ).toContain('Choose another space')
    expect(integrationFailureOf(callError(429, 'rate_limited'), 'capacities').message).toBe(
      'Capacities is busy right now. Try again in a minute.',
    )
    expect(integrationFailureOf(callError(503, 'not_configured'), 'notion').message).toBe(
      'This Inkmark server is not set up to connect to Notion.',
    )
    expect(
      integrationFailureOf(callError(502, 'unknown_error', 'Notion failed'), 'notion'),
    ).toEqual({
      kind: 'message',
      message: 'The export to Notion did not work: Notion failed.',
    })
  })

  it('passes on the misc client’s own sentence (no connection)', () => {
    expect(integrationFailureOf(new Error('Server is not reachable'), 'notion')).toEqual({
      kind: 'message',
      message: 'Server is not reachable',
    })
    expect(integrationFailureOf('??', 'capacities').message).toBe(
      'Capacities did not answer. Try again.',
    )
  })
})

import { describe, expect, it } from 'vitest'
import {
  MAX_PAGE_HTML_LENGTH,
  framePassOf,
  frameHelloMessage,
  toFrameMessage,
  toHostMessage,
} from './frame-protocol'

describe('what the content script may tell its frames', () => {
  it('takes the ids of a well-formed message, as a copy', () => {
    const message = { type: 'unplaced', ids: ['a', 'b'] }
    const taken = toHostMessage(message)
    expect(taken).toEqual({ type: 'unplaced', ids: ['a', 'b'] })
    expect((taken as { ids: string[] }).ids).not.toBe(message.ids)
    expect(toHostMessage({ type: 'unplaced', ids: [] })).toEqual({ type: 'unplaced', ids: [] })
  })

  it('ignores anything else', () => {
    for (const data of [
      null,
      undefined,
      'unplaced',
      ['a'],
      { ids: ['a'] },
      { type: 'other', ids: ['a'] },
      { type: 'unplaced' },
      { type: 'unplaced', ids: 'a' },
      { type: 'unplaced', ids: ['a', 1] },
      { type: 'unplaced', ids: ['a', { toString: () => 'b' }] },
      { type: 'unplaced', ids: [''] },
      { type: 'unplaced', ids: ['x'.repeat(257)] },
      { type: 'unplaced', ids: Array.from({ length: 10_001 }, () => 'a') },
      { type: 'show', markId: 'm', pageUrl: 'https://a.example/', colors: ['red'], hasLink: false },
      { type: 'show', markId: '', pageUrl: 'https://a.example/', colors: [], hasLink: false },
      { type: 'show', markId: 'm', colors: [], hasLink: false },
      { type: 'show', markId: 'm', pageUrl: 'x'.repeat(8193), colors: [], hasLink: false },
    ]) {
      expect(toHostMessage(data)).toBeUndefined()
    }
  })

  it('keeps nothing but the fields it knows', () => {
    expect(
      toHostMessage({ type: 'unplaced', ids: ['a'], html: '<img src=x onerror=alert(1)>' }),
    ).toEqual({ type: 'unplaced', ids: ['a'] })
    expect(
      toHostMessage({
        type: 'show',
        markId: 'm',
        pageUrl: 'https://a.example/',
        colors: ['#fbf719'],
        hasLink: true,
        x: 1,
      }),
    ).toEqual({
      type: 'show',
      markId: 'm',
      pageUrl: 'https://a.example/',
      colors: ['#fbf719'],
      hasLink: true,
    })
  })
})

describe('what a frame may tell the content script', () => {
  it('takes well-formed messages, field by field', () => {
    expect(toFrameMessage({ type: 'close', extra: 1 })).toEqual({ type: 'close' })
    expect(
      toFrameMessage({
        type: 'changed',
        markId: 'm',
        color: '#fbf719',
        hasNotes: true,
        hasTags: false,
        notes: 'secret',
      }),
    ).toEqual({ type: 'changed', markId: 'm', color: '#fbf719', hasNotes: true, hasTags: false })
    expect(toFrameMessage({ type: 'deleted', markId: 'm', bookmarkDeleted: true })).toEqual({
      type: 'deleted',
      markId: 'm',
      bookmarkDeleted: true,
    })
    expect(toFrameMessage({ type: 'shown', markId: 'm', width: 318, height: 240 })).toEqual({
      type: 'shown',
      markId: 'm',
      width: 318,
      height: 240,
    })
  })

  it('refuses malformed ones', () => {
    for (const data of [
      null,
      { type: 'changed', markId: 'm', color: 'red', hasNotes: true, hasTags: true },
      { type: 'deleted', markId: 'm' },
      { type: 'resized', width: -1, height: 10 },
      { type: 'resized', width: Number.NaN, height: 10 },
      { type: 'toast', text: '' },
      { type: 'toast', text: 'x'.repeat(501) },
      { type: 'open', url: 'javascript:alert(1)' },
    ]) {
      expect(toFrameMessage(data)).toBeUndefined()
    }
  })
})

describe('the hello that hands a frame its port', () => {
  it('carries the pass and nothing else counts', () => {
    expect(framePassOf(frameHelloMessage('ab12'))).toBe('ab12')
    expect(framePassOf({ channel: 'inkmark:frame-hello', pass: 1 })).toBeUndefined()
    expect(framePassOf({ channel: 'inkmark:frame-hello', pass: 'x'.repeat(129) })).toBeUndefined()
    expect(framePassOf({ channel: 'inkmark:sidebar-pass', pass: 'ab12' })).toBeUndefined()
    expect(framePassOf(null)).toBeUndefined()
  })
})

describe('the sidebar asking to show a highlight, and the toolbox told it was hidden', () => {
  it('takes a scroll request with an id, and only the id', () => {
    expect(toFrameMessage({ type: 'scrollTo', markId: 'm1', behavior: 'x' })).toEqual({
      type: 'scrollTo',
      markId: 'm1',
    })
    expect(toHostMessage({ type: 'hide', note: 'secret' })).toEqual({ type: 'hide' })
  })

  it('refuses a scroll request without a usable id', () => {
    for (const data of [
      { type: 'scrollTo' },
      { type: 'scrollTo', markId: '' },
      { type: 'scrollTo', markId: 7 },
      { type: 'scrollTo', markId: 'x'.repeat(257) },
      { type: 'scrollTo', markId: ['m1'] },
    ]) {
      expect(toFrameMessage(data)).toBeUndefined()
    }
  })
})

describe('the sidebar asking for its page, for an AI summary or chat', () => {
  it('takes the request alone, and the page as its HTML text only', () => {
    expect(toFrameMessage({ type: 'pageWanted', url: 'https://elsewhere' })).toEqual({
      type: 'pageWanted',
    })
    expect(toHostMessage({ type: 'page', html: '<p>Hi</p>', extra: 1 })).toEqual({
      type: 'page',
      html: '<p>Hi</p>',
    })
    expect(toHostMessage({ type: 'page', html: '', transcript: 'Words' })).toEqual({
      type: 'page',
      html: '',
      transcript: 'Words',
    })
  })

  it('refuses a page that is not bounded text', () => {
    for (const data of [
      { type: 'page' },
      { type: 'page', html: 7 },
      { type: 'page', html: 'x'.repeat(MAX_PAGE_HTML_LENGTH + 1) },
      { type: 'page', html: '', transcript: 7 },
    ]) {
      expect(toHostMessage(data)).toBeUndefined()
    }
  })
})

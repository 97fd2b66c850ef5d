import { describe, expect, it } from 'vitest'
import { inlineRuns, markdownBlocks } from './markdown-blocks'

describe('markdownBlocks', () => {
  it('cuts an answer into headings, lists and paragraphs', () => {
    expect(
      markdownBlocks('# Title\n\n- one\n* two\n\n1. first\n2) second\n\nA line\nwrapped.'),
    ).toEqual([
      { kind: 'heading', runs: [{ text: 'Title' }] },
      { kind: 'list', ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] },
      { kind: 'list', ordered: true, items: [[{ text: 'first' }], [{ text: 'second' }]] },
      { kind: 'paragraph', runs: [{ text: 'A line wrapped.' }] },
    ])
  })

  it('keeps HTML and links as plain text', () => {
    expect(markdownBlocks('<img src=x onerror=alert(1)> [a](javascript:x)')).toEqual([
      { kind: 'paragraph', runs: [{ text: '<img src=x onerror=alert(1)> [a](javascript:x)' }] },
    ])
  })
})

describe('inlineRuns', () => {
  it('finds bold, italic and code', () => {
    expect(inlineRuns('a **b** _c_ `d` e')).toEqual([
      { text: 'a ' },
      { text: 'b', style: 'strong' },
      { text: ' ' },
      { text: 'c', style: 'em' },
      { text: ' ' },
      { text: 'd', style: 'code' },
      { text: ' e' },
    ])
  })

  it('leaves an unclosed marker (a text still streaming in) as it is', () => {
    expect(inlineRuns('half **bo')).toEqual([{ text: 'half **bo' }])
  })
})

import { NOTION_FALLBACK_IMAGE_URL, type ExportPagePayload } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import {
  batchBlocks,
  exportBlocks,
  highlightBlocks,
  multiSelectValue,
  notionBackgroundOf,
  richText,
  splitText,
  titleValue,
  type NotionBlock,
} from './notion-blocks'

describe('notionBackgroundOf', () => {
  it('maps the palettes to their Notion backgrounds', () => {
    expect(notionBackgroundOf('#fdffb4')).toBe('yellow_background')
    expect(notionBackgroundOf('#ffad2a')).toBe('orange_background')
    expect(notionBackgroundOf('#a7e8c8')).toBe('green_background')
    expect(notionBackgroundOf('#F7C2D6')).toBe('pink_background')
    expect(notionBackgroundOf('#9d64e2')).toBe('purple_background')
    expect(notionBackgroundOf('#3cbefc')).toBe('blue_background')
    expect(notionBackgroundOf('#f8b6a8')).toBe('red_background')
  })

  it('finds the nearest hue for other colours, grey for colourless or unreadable ones', () => {
    expect(notionBackgroundOf('rgb(255, 0, 0)')).toBe('red_background')
    expect(notionBackgroundOf('#00ff00')).toBe('green_background')
    expect(notionBackgroundOf('#0000ffcc')).toBe('blue_background')
    expect(notionBackgroundOf('#808080')).toBe('gray_background')
    expect(notionBackgroundOf('not a colour')).toBe('gray_background')
  })
})

describe('splitText and richText', () => {
  it('cuts text into items of at most 2,000 characters, never inside a surrogate pair', () => {
    expect(splitText('a'.repeat(4_001)).map((piece) => piece.length)).toEqual([2000, 2000, 1])
    const emoji = `${'a'.repeat(1_999)}😀b`
    expect(splitText(emoji)).toEqual(['a'.repeat(1_999), '😀b'])
    expect(splitText('')).toEqual([])
  })

  it('makes plain text items, with a link or annotations when asked', () => {
    expect(richText('<b>hi</b>', { bold: true }, 'https://x.test/')).toEqual([
      {
        type: 'text',
        text: { content: '<b>hi</b>', link: { url: 'https://x.test/' } },
        annotations: { bold: true },
      },
    ])
  })
})

describe('highlightBlocks', () => {
  it('puts the note and the tags under the quote', () => {
    const blocks = highlightBlocks({
      text: 'Quoted',
      color: '#c3bbec',
      note: 'Thought',
      tags: ['a', 'b'],
      createdAt: 1,
    })
    expect(blocks.map((block) => block.type)).toEqual(['quote', 'paragraph', 'paragraph'])
    expect(blocks[0]).toMatchObject({ quote: { color: 'purple_background' } })
  })

  it('keeps an image highlight Notion takes as an image, else as a link to it', () => {
    const png = highlightBlocks({
      text: '',
      color: '#fdffb4',
      tags: [],
      createdAt: 1,
      imageSrc: 'https://x.test/a.png',
    })
    expect(png).toEqual([
      {
        object: 'block',
        type: 'image',
        image: { type: 'external', external: { url: 'https://x.test/a.png' } },
      },
    ])
    const svg = highlightBlocks({
      text: '',
      color: '#fdffb4',
      tags: [],
      createdAt: 1,
      imageSrc: 'https://x.test/a.svg',
    })
    expect(svg[0]?.type).toBe('paragraph')
  })
})

describe('exportBlocks', () => {
  const payload: ExportPagePayload = {
    page: { url: 'https://x.test/', title: 'T', tags: [], image: 'https://x.test/i.gif' },
    marks: [],
  }

  it('starts with the link back and the image by the rule (fallback for a gif)', () => {
    const blocks = exportBlocks(payload)
    expect(blocks.map((block) => block.type)).toEqual(['bookmark', 'image', 'divider', 'heading_2'])
    expect(blocks[1]).toMatchObject({ image: { external: { url: NOTION_FALLBACK_IMAGE_URL } } })
  })
})

describe('batchBlocks', () => {
  const block = (size: number): NotionBlock => ({
    object: 'block',
    type: 'paragraph',
    paragraph: { rich_text: richText('x'.repeat(size)) },
  })

  it('cuts at 100 blocks a call', () => {
    const batches = batchBlocks(Array.from({ length: 250 }, () => block(1)))
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50])
  })

  it('cuts by size too, and never leaves a batch empty', () => {
    const batches = batchBlocks(
      Array.from({ length: 10 }, () => block(1_000)),
      100,
      3_000,
    )
    expect(batches.every((batch) => batch.length >= 1 && batch.length <= 3)).toBe(true)
    expect(batches.flat()).toHaveLength(10)
  })
})

describe('property values', () => {
  it('titles an empty title Untitled, and drops commas and repeats from options', () => {
    expect(titleValue('  ')).toEqual({ title: richText('Untitled') })
    expect(multiSelectValue(['a,b', 'a b', 'c', '', 'x'.repeat(150)])).toEqual({
      multi_select: [{ name: 'a b' }, { name: 'c' }, { name: 'x'.repeat(100) }],
    })
  })
})

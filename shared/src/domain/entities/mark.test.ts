import { describe, expect, it } from 'vitest'
import {
  DEFAULT_MEDIA_TYPE,
  HIGHLIGHT_CLASS,
  HIGHLIGHT_WITH_NOTES_CLASS,
  HIGHLIGHT_WITH_TAGS_CLASS,
  MARK_ID_ATTRIBUTE,
  MARK_MEDIA_TYPE_ATTRIBUTE,
  MarkSchema,
  MediaType,
  createMark,
  hasMarkNotes,
  highlightClassNames,
  isImageMark,
  markMediaType,
  markNoteText,
  noteChanges,
} from './mark'

const NOW = 1_700_000_000_000
const BASE = { _id: 'm1', _bookmark: 'b1', url: 'https://example.com/a' }
const SOURCE = {
  startMeta: { parentTagName: 'P', parentIndex: 2, textOffset: 5 },
  endMeta: { parentTagName: 'EM', parentIndex: 0, textOffset: 12 },
  text: 'quoted text',
  id: 'src-1',
}

describe('createMark', () => {
  it('applies the spec defaults: colour #fdffb4, no tags, normal, private, no media type', () => {
    expect(createMark(BASE, NOW)).toEqual({
      ...BASE,
      _objectStore: 'marks',
      color: '#fdffb4',
      tags: [],
      type: 'normal',
      permission: 'PRIVATE',
      createdAt: NOW,
      updatedAt: NOW,
      modifiedAt: NOW,
    })
  })

  it('takes every spec field as an override', () => {
    const mark = createMark(
      {
        ...BASE,
        origin: 'example.com',
        title: 'Page',
        text: 'quoted text',
        color: '#f8fc46',
        tags: ['idea'],
        notes: 'my note',
        richText: [{ insert: 'bold', attributes: { bold: true } }, { insert: { image: 'x.png' } }],
        type: 'kindle',
        mediaType: 'heading2',
        imageSrc: 'https://example.com/i.png',
        imageAlt: 'An image',
        highlightSource: SOURCE,
        highlightSourceReader: SOURCE,
        rangyObject: 'type:textContent|12$20$1$',
        domElementOffsetTop: 120.5,
        domElementOffsetLeft: 8,
        permission: 'PUBLIC',
        learningItem: { repetitions: 2 },
        deletedAt: NOW,
        lastSync: NOW,
        _user: 'u1',
      },
      NOW,
    )
    expect(mark.learningItem?.easinessFactor).toBe(2.5)
    expect(mark.learningItem?.repetitions).toBe(2)
    expect(mark.highlightSource).toEqual(SOURCE)
    expect(mark.color).toBe('#f8fc46')
  })
})

describe('markMediaType', () => {
  it('is blockquote when unset', () => {
    expect(DEFAULT_MEDIA_TYPE).toBe('blockquote')
    expect(markMediaType({})).toBe('blockquote')
    expect(markMediaType({ mediaType: undefined })).toBe('blockquote')
  })

  it('is the stored media type otherwise', () => {
    for (const mediaType of Object.values(MediaType)) {
      expect(markMediaType({ mediaType })).toBe(mediaType)
    }
  })
})

describe('isImageMark', () => {
  it('needs media type image and an image source', () => {
    expect(isImageMark({ mediaType: 'image', imageSrc: 'https://example.com/i.png' })).toBe(true)
    expect(isImageMark({ mediaType: 'image' })).toBe(false)
    expect(isImageMark({ mediaType: 'image', imageSrc: '' })).toBe(false)
    expect(isImageMark({ mediaType: 'paragraph', imageSrc: 'https://example.com/i.png' })).toBe(
      false,
    )
    expect(isImageMark({ imageSrc: 'https://example.com/i.png' })).toBe(false)
  })
})

describe('highlight markup', () => {
  it('names the attributes and classes of the spec', () => {
    expect(MARK_ID_ATTRIBUTE).toBe('markid')
    expect(MARK_MEDIA_TYPE_ATTRIBUTE).toBe('media-type')
    expect(HIGHLIGHT_CLASS).toBe('inkmark-highlight')
    expect(HIGHLIGHT_WITH_TAGS_CLASS).toBe('webhighlight-with-tags')
    expect(HIGHLIGHT_WITH_NOTES_CLASS).toBe('webhighlight-with-notes')
  })

  it('adds the tags and notes classes only when present', () => {
    expect(highlightClassNames({ tags: [] })).toEqual(['inkmark-highlight'])
    expect(highlightClassNames({ tags: ['a'], notes: 'n' })).toEqual([
      'inkmark-highlight',
      'webhighlight-with-tags',
      'webhighlight-with-notes',
    ])
    expect(highlightClassNames({ tags: [], richText: [{ insert: 'note\n' }] })).toEqual([
      'inkmark-highlight',
      'webhighlight-with-notes',
    ])
  })

  it('counts note text, non-blank rich text and embeds as notes', () => {
    expect(hasMarkNotes({})).toBe(false)
    expect(hasMarkNotes({ notes: '  ' })).toBe(false)
    expect(hasMarkNotes({ notes: 'x' })).toBe(true)
    expect(hasMarkNotes({ richText: [{ insert: '\n' }] })).toBe(false)
    expect(hasMarkNotes({ richText: [{ insert: '\n' }, { insert: 'y' }] })).toBe(true)
    expect(hasMarkNotes({ richText: [{ insert: { image: 'a.png' } }] })).toBe(true)
  })
})

describe('a note as plain text', () => {
  it('reads the note, from rich text when there is no plain note', () => {
    expect(markNoteText({ notes: '  <b>bold</b> ' })).toBe('<b>bold</b>')
    expect(
      markNoteText({
        notes: '',
        richText: [{ insert: 'Line ' }, { insert: { image: 'x.png' } }, { insert: 'two\n' }],
      }),
    ).toBe('Line two')
    expect(markNoteText({})).toBe('')
  })

  it('writes a trimmed plain note that replaces the rich text', () => {
    const mark = createMark(
      { ...BASE, notes: '', richText: [{ insert: 'Old words', attributes: { bold: true } }] },
      NOW,
    )
    const edited = MarkSchema.parse({ ...mark, ...noteChanges('  New words \n') })
    expect(edited.notes).toBe('New words')
    expect(edited.richText).toBeUndefined()
    expect(markNoteText(edited)).toBe('New words')
    expect(hasMarkNotes({ ...mark, ...noteChanges('   ') })).toBe(false)
  })
})

describe('MarkSchema', () => {
  const valid = createMark({ ...BASE, highlightSource: SOURCE }, NOW)

  it('accepts its defaults unchanged', () => {
    expect(MarkSchema.parse(valid)).toEqual(valid)
  })

  it('keeps unknown keys, top-level and nested', () => {
    const parsed = MarkSchema.parse({
      ...valid,
      customOrder: 3,
      highlightSource: { ...SOURCE, startMeta: { ...SOURCE.startMeta, xpath: '/p[2]' } },
      richText: [{ insert: 'a', retain: 1 }],
    })
    expect(parsed.customOrder).toBe(3)
    expect(parsed.highlightSource?.startMeta.xpath).toBe('/p[2]')
    expect(parsed.richText?.[0]?.retain).toBe(1)
  })

  it.each([
    ['_bookmark', undefined],
    ['_bookmark', ''],
    ['url', 3],
    ['color', 0xfdffb4],
    ['tags', ['a', 2]],
    ['notes', ['n']],
    ['type', 'pdf'],
    ['mediaType', 'heading4'],
    ['imageSrc', true],
    ['permission', 'FRIENDS'],
    ['richText', [{ attributes: {} }]],
    ['richText', 'plain'],
    ['highlightSource', { startMeta: SOURCE.startMeta }],
    ['highlightSource', { ...SOURCE, endMeta: { ...SOURCE.endMeta, textOffset: -1 } }],
    ['highlightSourceReader', { ...SOURCE, startMeta: { ...SOURCE.startMeta, parentIndex: '2' } }],
    ['domElementOffsetTop', '12px'],
    ['learningItem', { interval: 'one' }],
    ['createdAt', null],
  ])('rejects %s = %j', (key, value) => {
    expect(MarkSchema.safeParse({ ...valid, [key]: value }).success).toBe(false)
  })
})

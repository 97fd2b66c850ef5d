// The W3C Web Annotation round trip: marks exported to JSON-LD and imported again carry the same
// text, note (plain or rich text only), tags, colour, dates and selectors, over seeded generated
// marks with emoji in the page, notes without a highlight and marks without stored selectors; the
// export keeps the test suite's MUST rules (web-platform-tests annotation-model definitions).
import { describe, expect, it } from 'vitest'
import { toCodePointOffset, toUtf16Offset } from '../anchoring/code-points'
import { createBookmark } from '../domain/entities/bookmark'
import { DEFAULT_HIGHLIGHT_COLOR } from '../domain/color'
import type { Mark } from '../domain/entities/mark'
import { createMark } from '../domain/entities/mark'
import { pageSelectorsOf } from '../reader/reader-selectors'
import { createSeededRandom, type SeededRandom } from '../testing/seeded-random'
import { toAnkiCsv } from './export-anki-csv'
import type { ExportLibrary } from './export-library'
import {
  WEB_ANNOTATION_CONTEXT,
  toWebAnnotationCollection,
  type WebAnnotation,
} from './export-web-annotations'
import { ImportFormat, detectImportFormat } from './import-formats'
import { importWebAnnotations } from './web-annotations-json'

const NOW = Date.UTC(2025, 0, 1)
const COLLECTION_ID = 'urn:uuid:6f1c2a3b-4d5e-4f60-8a71-9b8c7d6e5f40'
const PAGE_TEXT =
  'Keas 🦜 live in the alpine 🏔️ regions of the South Island. They are curious, playful 😀 ' +
  'and known to take apart cars 🚗. A group of keas is called a circus 🎪; their call is a loud ' +
  '"kee-aa". 𝒦eas eat roots, berries and insects, and sometimes sheep fat. Rangers 👩‍🌾 watch them.'
const COLORS = ['#fdffb4', '#ffad2a', '#a8e6cf', '#ff8b94', DEFAULT_HIGHLIGHT_COLOR]
const WORDS = ['kea', 'alpine', 'circus 🎪', 'deep work', 'ngā manu', 'to read']

function options() {
  let next = 0
  return { now: NOW, createId: () => `im-${++next}` }
}

function richNote(random: SeededRandom, index: number) {
  return [
    { insert: `Bold ${index} `, attributes: { bold: true } },
    { insert: `idea ${random.pick(WORDS)} 🦜` },
    { insert: 'link', attributes: { link: 'https://example.org/kea' } },
    { insert: '\n', attributes: { list: 'bullet' } },
  ]
}

/** A seeded library: one page per bookmark, highlights with selectors, notes, bare highlights. */
function generatedLibrary(seed: number): ExportLibrary {
  const random = createSeededRandom(seed)
  const bookmarks = [0, 1, 2].map((index) =>
    createBookmark({ _id: `b${index}`, url: `https://birds.example/kea?page=${index}` }, NOW),
  )
  const marks: Mark[] = []
  // The spec's import skips a second highlight of the same text on a page: generate distinct ones.
  const quotes = new Set<string>()
  for (let index = 0; index < 24; index += 1) {
    const bookmark = random.pick(bookmarks)
    const kind = random.pick(['selectors', 'selectors', 'note', 'bare'] as const)
    const createdAt = NOW - random.int(1, 5_000_000_000)
    const noteKind =
      kind === 'note'
        ? random.pick(['plain', 'rich'] as const)
        : random.pick(['none', 'plain', 'rich'] as const)
    const tags = [...new Set(Array.from({ length: random.int(0, 3) }, () => random.pick(WORDS)))]
    const fields: Partial<Mark> = {
      tags,
      createdAt,
      updatedAt: createdAt + random.int(0, 1_000_000),
      color: kind === 'note' ? DEFAULT_HIGHLIGHT_COLOR : random.pick(COLORS),
      ...(noteKind === 'plain' ? { notes: `Note ${index}: ${random.pick(WORDS)} 😀` } : {}),
      ...(noteKind === 'rich' ? { richText: richNote(random, index) } : {}),
    }
    if (kind !== 'note') {
      // Cut the page text on code points, as a reader would select (never inside an emoji).
      const points = [...PAGE_TEXT]
      let from = 0
      let to = 0
      do {
        from = random.int(0, points.length - 20)
        to = from + random.int(3, 19)
        // Imports trim a highlight's text (the spec's rule): a reader's selection seldom ends in a space.
      } while (
        quotes.has(`${bookmark.url} ${points.slice(from, to).join('').trim()}`) ||
        points.slice(from, to).join('').trim() !== points.slice(from, to).join('')
      )
      quotes.add(`${bookmark.url} ${points.slice(from, to).join('').trim()}`)
      const start = points.slice(0, from).join('').length
      const exact = points.slice(from, to).join('')
      fields.text = exact
      if (kind === 'selectors') {
        fields.highlightSource = {
          startMeta: { parentTagName: 'P', parentIndex: 0, textOffset: start },
          endMeta: { parentTagName: 'P', parentIndex: 0, textOffset: start + exact.length },
          text: exact,
          selectors: [
            {
              type: 'TextQuoteSelector',
              exact,
              prefix: PAGE_TEXT.slice(Math.max(0, start - 32), start),
              suffix: PAGE_TEXT.slice(start + exact.length, start + exact.length + 32),
            },
            { type: 'TextPositionSelector', start: from, end: to },
          ],
        }
      }
    }
    marks.push(
      createMark({ _id: `m${index}`, _bookmark: bookmark._id, url: bookmark.url, ...fields }, NOW),
    )
  }
  return { bookmarks, marks }
}

/** What a Web Annotation carries of a mark: the comparison of the round trip. */
function carried(mark: Mark) {
  const { quote, position } = pageSelectorsOf(mark)
  return {
    url: mark.url,
    text: mark.text,
    notes: mark.notes,
    richText: mark.richText,
    tags: mark.tags,
    color: mark.color,
    createdAt: mark.createdAt,
    updatedAt: mark.updatedAt,
    quote,
    position,
  }
}

function withoutIds(annotations: WebAnnotation[]) {
  return annotations.map(({ id: _id, ...rest }) => rest)
}

describe('W3C Web Annotation round trip', () => {
  for (const seed of [1, 2, 3, 4, 5, 20_251_126]) {
    it(`Inkmark -> W3C -> Inkmark keeps every mark the same (seed ${seed})`, async () => {
      const library = generatedLibrary(seed)
      const exported = toWebAnnotationCollection(library, { id: COLLECTION_ID })
      const file = JSON.stringify(exported, null, 2)
      expect(detectImportFormat('inkmark-annotations.jsonld', file)).toBe(
        ImportFormat.WEB_ANNOTATIONS,
      )
      expect(detectImportFormat('inkmark-annotations.json', file)).toBe(
        ImportFormat.WEB_ANNOTATIONS,
      )
      const imported = await importWebAnnotations(file, options())
      expect(imported.skipped).toEqual([])
      expect(imported.errors).toEqual([])
      const inOrder = (marks: readonly Mark[]) =>
        marks.map(carried).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
      expect(inOrder(imported.marks)).toEqual(inOrder(library.marks))
      expect(new Set(imported.bookmarks.map((bookmark) => bookmark.url))).toEqual(
        new Set(library.marks.map((mark) => mark.url)),
      )
      // Exported again, the file says the same (but for the new mark ids).
      const again = toWebAnnotationCollection(imported, { id: COLLECTION_ID })
      expect(withoutIds(sortedLike(again.first.items, exported.first.items))).toEqual(
        withoutIds(exported.first.items),
      )
      // A position counts code points: on the page text it finds the quote again.
      for (const mark of imported.marks) {
        const { quote, position } = pageSelectorsOf(mark)
        if (position !== undefined) {
          const start = toUtf16Offset(PAGE_TEXT, position.start)
          expect(PAGE_TEXT.slice(start, toUtf16Offset(PAGE_TEXT, position.end))).toBe(quote!.exact)
          expect(toCodePointOffset(PAGE_TEXT, start)).toBe(position.start)
        }
      }
    })
  }

  it('meets the annotation test suite MUSTs: ids, context, types, IRI targets, selectors', () => {
    const exported = toWebAnnotationCollection(generatedLibrary(7), { id: COLLECTION_ID })
    const isIri = (value: unknown) =>
      typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(value)
    expect(exported['@context']).toBe(WEB_ANNOTATION_CONTEXT)
    expect(isIri(exported.id)).toBe(true)
    expect(isIri(exported.first.id)).toBe(true)
    expect(exported.first.type).toBe('AnnotationPage')
    expect(exported.total).toBe(exported.first.items.length)
    for (const annotation of exported.first.items) {
      expect(isIri(annotation.id)).toBe(true)
      expect(annotation.type).toBe('Annotation')
      expect(Number.isNaN(Date.parse(annotation.created))).toBe(false)
      const { target } = annotation
      if (typeof target === 'string') {
        expect(isIri(target)).toBe(true)
        continue
      }
      // A Specific Resource: a source IRI and at least one selector the model defines.
      expect(isIri(target.source)).toBe(true)
      expect(target.selector?.length).toBeGreaterThan(0)
      for (const selector of target.selector ?? []) {
        if (selector.type === 'TextPositionSelector') {
          expect(Number.isInteger(selector.start) && selector.start >= 0).toBe(true)
          expect(Number.isInteger(selector.end) && selector.end >= selector.start).toBe(true)
        } else {
          expect(typeof selector.exact).toBe('string')
        }
      }
      for (const body of annotation.body ?? []) {
        const bodies = body.type === 'Choice' ? body.items : [body]
        for (const item of bodies) {
          expect(item.type).toBe('TextualBody')
          expect(typeof item.value).toBe('string')
          expect(item.format ?? 'text/plain').toMatch(/^(application|text)\//)
        }
      }
    }
  })

  it('exports a rich-text-only note to JSON-LD and to Anki instead of dropping it', () => {
    const bookmark = createBookmark({ _id: 'b', url: 'https://birds.example/' }, NOW)
    const mark = createMark(
      {
        _id: 'm',
        _bookmark: 'b',
        url: bookmark.url,
        text: 'Keas live',
        richText: [{ insert: 'Only rich ', attributes: { bold: true } }, { insert: 'text\n' }],
      },
      NOW,
    )
    const [annotation] = toWebAnnotationCollection({ bookmarks: [bookmark], marks: [mark] }).first
      .items
    expect(annotation!.body?.[0]).toMatchObject({
      type: 'Choice',
      items: [{ type: 'TextualBody', value: 'Only rich text', format: 'text/plain' }, {}],
    })
    expect(toAnkiCsv({ bookmarks: [bookmark], marks: [mark] })).toContain('Only rich text')
  })

  it('reads one annotation, a page, a list, a bodyValue and a stylesheet colour of another writer', async () => {
    const annotation = {
      '@context': WEB_ANNOTATION_CONTEXT,
      id: 'http://example.org/anno1',
      type: 'Annotation',
      bodyValue: 'A comment',
      stylesheet: { type: 'CssStylesheet', value: '.red { background-color: #ff0000 }' },
      target: {
        source: { id: 'https://birds.example/kea', type: 'Text' },
        styleClass: 'red',
        selector: { type: 'TextQuoteSelector', exact: 'curious, playful' },
      },
    }
    for (const json of [
      annotation,
      [annotation],
      { type: 'AnnotationPage', items: [annotation] },
    ]) {
      const result = await importWebAnnotations(JSON.stringify(json), options())
      expect(result.marks).toHaveLength(1)
      expect(result.marks[0]).toMatchObject({
        url: 'https://birds.example/kea',
        text: 'curious, playful',
        notes: 'A comment',
        color: '#ff0000',
      })
    }
    await expect(importWebAnnotations('{"type":"Other"}', options())).rejects.toThrow(
      'Invalid file. Try to upload a JSON-LD file from a Web Annotation (W3C) exporter such as Inkmark',
    )
  })
})

/** `items` in the order of `like` by creation time and text (imports keep the file's order). */
function sortedLike(items: WebAnnotation[], like: WebAnnotation[]): WebAnnotation[] {
  const key = (annotation: WebAnnotation) => JSON.stringify({ ...annotation, id: '' })
  const byKey = new Map(items.map((item) => [key(item), item]))
  return like.map((item) => byKey.get(key(item)) ?? item)
}

import { describe, expect, it } from 'vitest'
import { createBookmark, type Bookmark } from './entities/bookmark'
import { createMark, MarkSchema, type Mark } from './entities/mark'
import { BookmarkSchema } from './entities/bookmark'
import { ObjectStore } from './entities/object-store'
import {
  DISCOVER_PAGE_SIZE,
  applySharingChoice,
  defaultSharingChoice,
  isShareId,
  mergeSharingFields,
  newShareId,
  publicPageOf,
  publicPageUrl,
  resetShareId,
  summaryOf,
} from './sharing'

const NOW = 1_700_000_000_000
const SHARE_ID = 'AAAAAAAAAAAAAAAAAAAAAA'

function sharedBookmark(fields: Partial<Bookmark> = {}): Bookmark {
  return createBookmark(
    {
      _id: 'b1',
      url: 'https://example.com/article',
      title: 'An article',
      tags: ['reading'],
      permission: 'PUBLIC',
      shareId: SHARE_ID,
      _user: 'owner-user-id',
      ...fields,
    },
    NOW,
  )
}

function mark(id: string, fields: Partial<Mark> = {}): Mark {
  return createMark(
    {
      _id: id,
      _bookmark: 'b1',
      url: 'https://example.com/article',
      text: `text of ${id}`,
      permission: 'PUBLIC',
      notes: `private note of ${id}`,
      _user: 'owner-user-id',
      ...fields,
    },
    NOW,
  )
}

describe('share ids', () => {
  it('makes 22 base64url characters, different every time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newShareId()))
    expect(ids.size).toBe(50)
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(isShareId(id)).toBe(true)
    }
  })

  it.each([['short'], [`${SHARE_ID}A`], ['AAAAAAAAAAAAAAAAAAAAA/'], [''], [42], [undefined]])(
    'refuses %j',
    (value) => {
      expect(isShareId(value)).toBe(false)
    },
  )

  it('is validated on the bookmark schema, and optional', () => {
    expect(BookmarkSchema.safeParse(sharedBookmark()).success).toBe(true)
    expect(BookmarkSchema.safeParse(sharedBookmark({ shareId: undefined })).success).toBe(true)
    expect(BookmarkSchema.safeParse({ ...sharedBookmark(), shareId: 'b1' }).success).toBe(false)
    expect(BookmarkSchema.safeParse({ ...sharedBookmark(), shareId: 1 }).success).toBe(false)
  })

  it('has isNotePublic on the mark schema: optional boolean', () => {
    expect(MarkSchema.parse(mark('m1', { isNotePublic: true })).isNotePublic).toBe(true)
    expect(MarkSchema.parse(mark('m1')).isNotePublic).toBeUndefined()
    expect(MarkSchema.safeParse({ ...mark('m1'), isNotePublic: 'yes' }).success).toBe(false)
  })

  it('builds the public page address from a base with or without a trailing slash', () => {
    expect(publicPageUrl('https://relay.example', SHARE_ID)).toBe(
      `https://relay.example/explore/${SHARE_ID}`,
    )
    expect(publicPageUrl('https://relay.example/', SHARE_ID)).toBe(
      `https://relay.example/explore/${SHARE_ID}`,
    )
    expect(DISCOVER_PAGE_SIZE).toBe(20)
  })
})

describe('publicPageOf', () => {
  it('shows only shown highlights, shown notes, and no owner or entity ids', () => {
    const marks = [
      mark('m1', { isNotePublic: true, notes: 'a public note' }),
      mark('m2', { permission: 'PRIVATE', text: 'a private highlight' }),
      mark('m3'),
      mark('m4', { permission: 'PUBLIC_LINK', isNotePublic: false }),
    ]
    const page = publicPageOf(sharedBookmark(), marks, 3)
    expect(page).toEqual({
      shareId: SHARE_ID,
      permission: 'PUBLIC',
      url: 'https://example.com/article',
      title: 'An article',
      origin: 'example.com',
      tags: ['reading'],
      likes: 3,
      sharedAt: NOW,
      updatedAt: NOW,
      marks: [
        { _id: '1', text: 'text of m1', color: '#fdffb4', note: 'a public note', createdAt: NOW },
        { _id: '2', text: 'text of m3', color: '#fdffb4', createdAt: NOW },
        { _id: '3', text: 'text of m4', color: '#fdffb4', createdAt: NOW },
      ],
    })
    const json = JSON.stringify(page)
    for (const secret of ['owner-user-id', 'private note', 'a private highlight', '"m1"', '"b1"']) {
      expect(json).not.toContain(secret)
    }
  })

  it('never shows a note of a private mark, even when its note is marked public', () => {
    const page = publicPageOf(
      sharedBookmark(),
      [mark('m1', { permission: 'PRIVATE', isNotePublic: true, notes: 'secret' })],
      0,
    )
    expect(page?.marks).toEqual([])
    expect(JSON.stringify(page)).not.toContain('secret')
  })

  it('leaves out deleted marks and marks of other bookmarks', () => {
    const page = publicPageOf(
      sharedBookmark(),
      [mark('m1', { deletedAt: NOW }), mark('m2', { _bookmark: 'other' }), mark('m3')],
      0,
    )
    expect(page?.marks.map((m) => m.text)).toEqual(['text of m3'])
  })

  it.each<[string, Partial<Bookmark>]>([
    ['private', { permission: 'PRIVATE' }],
    ['without a share id', { shareId: undefined }],
    ['with an invalid share id', { shareId: 'b1' }],
    ['deleted', { deletedAt: NOW }],
    ['not a web page', { url: 'kindle:A%20book' }],
    ['a script url', { url: 'javascript:alert(1)' }],
  ])('publishes nothing for a bookmark %s', (_name, fields) => {
    expect(publicPageOf({ ...sharedBookmark(), ...fields }, [mark('m1')], 0)).toBeUndefined()
  })

  it('keeps markup as data and leaves out an image that is not a web address', () => {
    const page = publicPageOf(
      sharedBookmark({
        title: '<script>alert(1)</script>',
        tags: ['<b>x</b>', ' ', '<b>x</b>'],
        image: 'javascript:alert(1)',
      }),
      [mark('m1', { text: '<img src=x onerror=alert(1)>' })],
      0,
    )
    expect(page?.title).toBe('<script>alert(1)</script>')
    expect(page?.tags).toEqual(['<b>x</b>'])
    expect(page?.marks[0]?.text).toBe('<img src=x onerror=alert(1)>')
    expect(page).not.toHaveProperty('image')
  })

  it('falls back to the page metadata title, then the address; adds likedByMe when given', () => {
    const page = publicPageOf(
      sharedBookmark({ title: ' ', meta: { title: 'Meta title', description: 'Meta text' } }),
      [],
      0,
      true,
    )
    expect(page).toMatchObject({ title: 'Meta title', description: 'Meta text', likedByMe: true })
    expect(publicPageOf(sharedBookmark({ title: undefined }), [], 0)?.title).toBe(
      'https://example.com/article',
    )
  })

  it('summarises a page with its first three highlights', () => {
    const marks = ['a', 'b', 'c', 'd'].map((id) => mark(id))
    const page = publicPageOf(sharedBookmark(), marks, 1)
    expect(page).toBeDefined()
    const summary = summaryOf(page!)
    expect(summary.marksCount).toBe(4)
    expect(summary.firstHighlights).toEqual(['text of a', 'text of b', 'text of c'])
    expect(summary).not.toHaveProperty('marks')
  })
})

describe('applySharingChoice', () => {
  const privateBookmark = sharedBookmark({ permission: 'PRIVATE', shareId: undefined })
  const privateMarks = [
    mark('m1', { permission: 'PRIVATE' }),
    mark('m2', { permission: 'PRIVATE' }),
    mark('m3', { permission: 'PRIVATE', deletedAt: NOW }),
  ]

  it('by default shows every highlight and hides every note of a page shared the first time', () => {
    expect(defaultSharingChoice(privateBookmark, privateMarks, 'PUBLIC')).toEqual({
      permission: 'PUBLIC',
      shownMarkIds: ['m1', 'm2'],
      noteShownMarkIds: [],
    })
  })

  it('makes a share id when sharing and writes the marks whose visibility changed', () => {
    const later = NOW + 1000
    const result = applySharingChoice(
      privateBookmark,
      privateMarks,
      { permission: 'PUBLIC_LINK', shownMarkIds: ['m1'], noteShownMarkIds: ['m1', 'm2'] },
      later,
    )
    expect(isShareId(result.bookmark.shareId)).toBe(true)
    expect(result.bookmark).toMatchObject({
      permission: 'PUBLIC_LINK',
      sharedAt: later,
      updatedAt: later,
    })
    expect(result.marks.map((m) => [m._id, m.permission, m.isNotePublic])).toEqual([
      ['m1', 'PUBLIC_LINK', true],
    ])
    const page = publicPageOf(result.bookmark, [...privateMarks, ...result.marks], 0)
    expect(page?.marks).toHaveLength(1)
    expect(page?.marks[0]?.note).toBe('private note of m1')
  })

  it('keeps the share id when unsharing, so sharing again gives the same link', () => {
    const shared = applySharingChoice(
      privateBookmark,
      privateMarks,
      { permission: 'PUBLIC', shownMarkIds: ['m1', 'm2'], noteShownMarkIds: [] },
      NOW + 1,
    )
    const unshared = applySharingChoice(
      shared.bookmark,
      shared.marks,
      { permission: 'PRIVATE', shownMarkIds: [], noteShownMarkIds: [] },
      NOW + 2,
    )
    expect(unshared.bookmark.permission).toBe('PRIVATE')
    expect(unshared.bookmark.shareId).toBe(shared.bookmark.shareId)
    expect(unshared.marks).toEqual([])
    expect(publicPageOf(unshared.bookmark, shared.marks, 0)).toBeUndefined()
    const again = applySharingChoice(
      unshared.bookmark,
      shared.marks,
      defaultSharingChoice(unshared.bookmark, shared.marks, 'PUBLIC'),
      NOW + 3,
    )
    expect(again.bookmark.shareId).toBe(shared.bookmark.shareId)
    expect(again.marks).toEqual([])
  })

  it('gives a new share id on reset', () => {
    const reset = resetShareId(sharedBookmark(), NOW + 5)
    expect(isShareId(reset.shareId)).toBe(true)
    expect(reset.shareId).not.toBe(SHARE_ID)
    expect(reset.updatedAt).toBe(NOW + 5)
    expect(reset.sharingChangedAt).toBe(NOW + 5)
  })

  it('keeps every highlight hidden when a page shared with none shown is opened again', () => {
    // Regression: sharedBefore needed a shown mark, so the dialog ticked them all and Save
    // published every highlight the owner had hidden.
    const hiddenAll = applySharingChoice(
      privateBookmark,
      privateMarks,
      { permission: 'PUBLIC', shownMarkIds: [], noteShownMarkIds: [] },
      NOW + 1,
    )
    expect(defaultSharingChoice(hiddenAll.bookmark, privateMarks, 'PUBLIC')).toEqual({
      permission: 'PUBLIC',
      shownMarkIds: [],
      noteShownMarkIds: [],
    })
  })

  it('stamps sharingChangedAt on the bookmark and on each mark it changes, strictly increasing', () => {
    const first = applySharingChoice(
      privateBookmark,
      privateMarks,
      { permission: 'PUBLIC', shownMarkIds: ['m1'], noteShownMarkIds: [] },
      NOW + 10,
    )
    expect(first.bookmark.sharingChangedAt).toBe(NOW + 10)
    expect(first.marks.map((m) => [m._id, m.sharingChangedAt])).toEqual([['m1', NOW + 10]])
    const sameMillisecond = applySharingChoice(
      first.bookmark,
      [...first.marks, privateMarks[1]!],
      { permission: 'PRIVATE', shownMarkIds: [], noteShownMarkIds: [] },
      NOW + 10,
    )
    expect(sameMillisecond.bookmark.sharingChangedAt).toBe(NOW + 11)
  })
})

describe('mergeSharingFields', () => {
  const stored = (fields: Partial<Bookmark>) => ({
    ...sharedBookmark(fields),
    _objectStore: ObjectStore.BOOKMARKS,
  })
  const storedMark = (fields: Partial<Mark>) => ({
    ...mark('m1', fields),
    _objectStore: ObjectStore.MARKS,
  })

  it('keeps a newer unshare over an old copy that still says PUBLIC, taking its other edits', () => {
    const unshared = stored({ permission: 'PRIVATE', sharingChangedAt: NOW + 20 })
    const oldCopy = stored({
      tags: ['edited offline'],
      sharingChangedAt: NOW + 1,
      updatedAt: NOW + 30,
    })
    const merged = mergeSharingFields(unshared, oldCopy)
    expect(merged).toMatchObject({
      permission: 'PRIVATE',
      sharingChangedAt: NOW + 20,
      tags: ['edited offline'],
      updatedAt: NOW + 30,
    })
    expect(publicPageOf(merged, [], 0)).toBeUndefined()
  })

  it('keeps a hidden note hidden against an old copy of the mark that shows it', () => {
    const hidden = storedMark({
      permission: 'PUBLIC',
      isNotePublic: false,
      sharingChangedAt: NOW + 20,
    })
    const oldCopy = storedMark({
      permission: 'PUBLIC',
      isNotePublic: true,
      notes: 'edited offline',
      sharingChangedAt: NOW + 1,
    })
    expect(mergeSharingFields(hidden, oldCopy)).toMatchObject({
      isNotePublic: false,
      notes: 'edited offline',
    })
  })

  it('takes a newer share over an older private copy', () => {
    const privateCopy = stored({ permission: 'PRIVATE', shareId: undefined })
    const shared = stored({ permission: 'PUBLIC', sharingChangedAt: NOW + 5 })
    expect(mergeSharingFields(privateCopy, shared)).toBe(shared)
  })

  it('drops sharing fields the winning copy does not have', () => {
    const privateNever = stored({
      permission: 'PRIVATE',
      shareId: undefined,
      sharingChangedAt: NOW + 9,
    })
    const merged = mergeSharingFields(privateNever, stored({ sharedAt: NOW }))
    expect(merged.permission).toBe('PRIVATE')
    expect(merged).not.toHaveProperty('shareId')
    expect(merged).not.toHaveProperty('sharedAt')
  })

  it('prefers the more private copy on a tie, and leaves equal sharing and other kinds alone', () => {
    const stampedPublic = stored({ sharingChangedAt: NOW + 3 })
    const stampedPrivate = stored({ permission: 'PRIVATE', sharingChangedAt: NOW + 3 })
    expect(mergeSharingFields(stampedPrivate, stampedPublic).permission).toBe('PRIVATE')
    expect(mergeSharingFields(stampedPublic, stampedPrivate)).toBe(stampedPrivate)
    const edit = stored({ title: 'Renamed', sharingChangedAt: NOW + 3 })
    expect(mergeSharingFields(stampedPublic, edit)).toBe(edit)
    const setting = { _id: 's', _objectStore: 'chromesettings', permission: 'PUBLIC' }
    expect(mergeSharingFields({ ...setting, permission: 'PRIVATE' }, setting)).toBe(setting)
    expect(mergeSharingFields(undefined, edit)).toBe(edit)
  })

  it('lets the written copy stand whole when neither copy has a stamp, as before', () => {
    const unstampedPrivate = stored({ permission: 'PRIVATE' })
    const unstampedPublic = stored({ shareId: 'BBBBBBBBBBBBBBBBBBBBBB' })
    expect(mergeSharingFields(unstampedPrivate, unstampedPublic)).toBe(unstampedPublic)
  })
})

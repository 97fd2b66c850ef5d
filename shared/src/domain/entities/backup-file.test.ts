import { describe, expect, it } from 'vitest'
import { createAiChat } from './ai-chat'
import type { BackupFile } from './backup-file'
import {
  BACKUP_DOWNLOAD_DELAY_MS,
  BackupFileSchema,
  INVALID_BACKUP_FILE_MESSAGE,
  INVALID_BACKUP_FILE_TOAST_DURATION_MS,
  INVALID_BACKUP_FILE_TOAST_ID,
  INVALID_IMPORT_BACKUP_DATA_MESSAGE,
  backupFileName,
  createBackupFile,
  parseBackupFile,
  prepareBackupImport,
  toBackupEntity,
} from './backup-file'
import { createBookmark } from './bookmark'
import { createDefaultChromeSettings } from './chrome-settings'
import { createMark } from './mark'
import { createPageContent } from './page-content'

const NOW = Date.UTC(2024, 4, 31, 23, 59, 59)
const bookmark = createBookmark(
  { _id: 'b1', url: 'https://example.com', _user: 'u1', lastSync: NOW },
  NOW,
)
const mark = createMark({ _id: 'm1', _bookmark: 'b1', url: 'https://example.com', text: 'x' }, NOW)
const settings = createDefaultChromeSettings('s1', { _user: 'u1', lastSync: NOW })
const minimal = { bookmarks: [], marks: [], chromeSettings: { _id: 's1' } }

function expectInvalid(value: unknown): void {
  const result = parseBackupFile(value)
  expect(result.ok).toBe(false)
  if (!result.ok) {
    expect(result.error).toBe('Invalid import backup data')
  }
}

function parsed(value: unknown): BackupFile {
  const result = parseBackupFile(value)
  if (!result.ok) {
    throw new Error(`${result.error}: ${result.detail}`)
  }
  return result.value
}

describe('backup messages and names', () => {
  it('keeps the spec texts, toast id and durations', () => {
    expect(INVALID_BACKUP_FILE_MESSAGE).toBe(
      "Invalid file. Try to upload a file in this format: E.g. 'inkmark-backup-{date}.json'",
    )
    expect(INVALID_IMPORT_BACKUP_DATA_MESSAGE).toBe('Invalid import backup data')
    expect(INVALID_BACKUP_FILE_TOAST_ID).toBe('invalid-backup-file')
    expect(INVALID_BACKUP_FILE_TOAST_DURATION_MS).toBe(5000)
    expect(BACKUP_DOWNLOAD_DELAY_MS).toBe(250)
  })

  it('names the file after the UTC date', () => {
    expect(backupFileName(NOW)).toBe('inkmark-backup-2024-05-31.json')
    expect(backupFileName(NOW + 1000)).toBe('inkmark-backup-2024-06-01.json')
    expect(backupFileName(0)).toBe('inkmark-backup-1970-01-01.json')
  })
})

describe('parseBackupFile', () => {
  it('accepts bookmarks and marks arrays with a chromeSettings value, pagecontents optional', () => {
    const file = parsed(minimal)
    expect(file.bookmarks).toEqual([])
    expect(file.pagecontents).toBeUndefined()
    expect(file.chromeSettings.backupDialogPromptInterval).toBe(100)
  })

  it('accepts a full backup and its JSON text', () => {
    const backup = createBackupFile({
      bookmarks: [bookmark],
      marks: [mark],
      chromeSettings: settings,
      pagecontents: [createPageContent({ _id: 'p1', url: 'https://example.com' }, NOW)],
      aichats: [createAiChat({ _id: 'c1', _referenceId: 'b1' }, NOW)],
    })
    expect(parsed(backup)).toEqual(backup)
    expect(parsed(JSON.stringify(backup))).toEqual(backup)
  })

  it('keeps unknown keys of the file and of its entities', () => {
    const file = parsed({ ...minimal, version: 3, bookmarks: [{ ...bookmark, extra: 'kept' }] })
    expect(file.version).toBe(3)
    expect(file.bookmarks[0]?.extra).toBe('kept')
  })

  it.each([
    ['null', null],
    ['a number', 42],
    ['an array', [minimal]],
    ['text that is not JSON', '{"bookmarks": ['],
    ['JSON text of an array', '[]'],
    ['no bookmarks', { marks: [], chromeSettings: { _id: 's1' } }],
    ['bookmarks not an array', { ...minimal, bookmarks: {} }],
    ['no marks', { bookmarks: [], chromeSettings: { _id: 's1' } }],
    ['marks not an array', { ...minimal, marks: 'none' }],
    ['no chromeSettings', { bookmarks: [], marks: [] }],
    ['null chromeSettings', { ...minimal, chromeSettings: null }],
    ['chromeSettings not an object', { ...minimal, chromeSettings: 'dark' }],
    ['pagecontents not an array', { ...minimal, pagecontents: {} }],
    ['an invalid bookmark', { ...minimal, bookmarks: [{ _id: 'b1', url: 1, createdAt: NOW }] }],
    ['a mark without bookmark', { ...minimal, marks: [{ _id: 'm1', url: 'u', createdAt: NOW }] }],
    ['a non-object mark', { ...minimal, marks: ['m1'] }],
    ['a page content without url', { ...minimal, pagecontents: [{ _id: 'p1', createdAt: NOW }] }],
    ['an unparseable date', { ...minimal, bookmarks: [{ ...bookmark, createdAt: 'yesterday' }] }],
    [
      'an impossible ISO date',
      { ...minimal, bookmarks: [{ ...bookmark, createdAt: '2024-13-45' }] },
    ],
  ])('rejects %s', (_name, value) => {
    expectInvalid(value)
  })

  it('explains the first problem for logs', () => {
    const result = parseBackupFile({ ...minimal, marks: [mark, { ...mark, color: 1 }] })
    expect(result.ok ? '' : result.detail).toContain('marks.1.color')
    expect(parseBackupFile('{')).toMatchObject({ ok: false, detail: 'not JSON' })
  })

  it('reads ISO-string times as epoch millis, nested ones included', () => {
    const file = parsed({
      ...minimal,
      bookmarks: [{ ...bookmark, createdAt: '2024-05-31T23:59:59.000Z', openedAt: '2024-05-31' }],
      marks: [
        {
          ...mark,
          updatedAt: '2024-05-31T23:59:59+00:00',
          learningItem: { lastLearned: '2024-05-30T10:00:00Z' },
        },
      ],
    })
    expect(file.bookmarks[0]?.createdAt).toBe(NOW)
    expect(file.bookmarks[0]?.openedAt).toBe(Date.UTC(2024, 4, 31))
    expect(file.marks[0]?.updatedAt).toBe(NOW)
    expect(file.marks[0]?.learningItem?.lastLearned).toBe(Date.UTC(2024, 4, 30, 10))
  })

  it('leaves ISO-looking text in other fields alone', () => {
    const file = parsed({ ...minimal, marks: [{ ...mark, text: '2024-05-31' }] })
    expect(file.marks[0]?.text).toBe('2024-05-31')
  })

  it('reads null fields of older exports as unset', () => {
    const file = parsed({ ...minimal, bookmarks: [{ ...bookmark, image: null, lastSync: null }] })
    expect(file.bookmarks[0]).not.toHaveProperty('image')
    expect(file.bookmarks[0]).not.toHaveProperty('lastSync')
  })

  it('is what BackupFileSchema validates', () => {
    expect(BackupFileSchema.safeParse(minimal).success).toBe(true)
    expect(BackupFileSchema.safeParse({}).success).toBe(false)
  })
})

describe('createBackupFile', () => {
  it('strips the user reference and lastSync and leaves deleted entities out', () => {
    const deleted = createMark({ _id: 'm2', _bookmark: 'b1', url: 'u', deletedAt: NOW }, NOW)
    const file = createBackupFile({
      bookmarks: [bookmark],
      marks: [mark, deleted],
      chromeSettings: settings,
    })
    expect(file.bookmarks[0]).not.toHaveProperty('_user')
    expect(file.bookmarks[0]).not.toHaveProperty('lastSync')
    expect(file.chromeSettings).not.toHaveProperty('_user')
    expect(file.marks.map((m) => m._id)).toEqual(['m1'])
    expect(file.pagecontents).toEqual([])
    expect(file.aichats).toEqual([])
  })

  it('does not change the entities it is given', () => {
    toBackupEntity(bookmark)
    expect(bookmark._user).toBe('u1')
  })
})

describe('prepareBackupImport', () => {
  function counterIds(): () => string {
    let next = 0
    return () => `new-${++next}`
  }

  it('gives every entity a new id and remaps mark and chat references', () => {
    const backup = parsed({
      bookmarks: [bookmark, { ...bookmark, _id: 'b2' }],
      marks: [
        mark,
        { ...mark, _id: 'm2', _bookmark: 'b2' },
        { ...mark, _id: 'm3', _bookmark: 'gone' },
      ],
      chromeSettings: settings,
      pagecontents: [createPageContent({ _id: 'p1', url: 'https://example.com' }, NOW)],
      aichats: [
        createAiChat({ _id: 'c1', _referenceId: 'b2' }, NOW),
        createAiChat({ _id: 'c2', _referenceId: 'm1', _referenceObjectStore: 'marks' }, NOW),
        createAiChat({ _id: 'c3', _referenceId: 'p1', _referenceObjectStore: 'pagecontents' }, NOW),
      ],
    })
    const imported = prepareBackupImport(backup, counterIds())
    expect(imported.bookmarks.map((b) => b._id)).toEqual(['new-1', 'new-2'])
    expect(imported.marks.map((m) => [m._id, m._bookmark])).toEqual([
      ['new-3', 'new-1'],
      ['new-4', 'new-2'],
      ['new-5', 'gone'],
    ])
    expect(imported.aichats?.map((c) => c._referenceId)).toEqual(['new-2', 'new-3', 'p1'])
    expect(imported.pagecontents?.[0]?._id).not.toBe('p1')
    expect(imported.chromeSettings._id).not.toBe('s1')
    expect(imported.chromeSettings).not.toHaveProperty('lastSync')
    expect(imported.bookmarks[0]).not.toHaveProperty('_user')
  })

  it('gives a copy of a shared page no share id: it starts private and never takes over a link', () => {
    const shared = {
      ...bookmark,
      permission: 'PUBLIC' as const,
      shareId: 'AAAAAAAAAAAAAAAAAAAAAA',
      sharedAt: NOW,
    }
    const imported = prepareBackupImport(parsed({ ...minimal, bookmarks: [shared] }), counterIds())
    expect(imported.bookmarks[0]).not.toHaveProperty('shareId')
    expect(imported.bookmarks[0]).not.toHaveProperty('sharedAt')
    expect(imported.bookmarks[0]?.permission).toBe('PRIVATE')
  })

  it('keeps optional lists absent', () => {
    const imported = prepareBackupImport(parsed(minimal), counterIds())
    expect(imported).not.toHaveProperty('pagecontents')
    expect(imported).not.toHaveProperty('aichats')
    expect(imported.chromeSettings._id).toBe('new-1')
  })
})

describe('a chromeSettings value without an id', () => {
  it('is accepted and gets the id every device uses', () => {
    const result = parseBackupFile({
      bookmarks: [],
      marks: [],
      chromeSettings: { showMarkerPopup: false },
    })
    expect(result.ok && result.value.chromeSettings).toMatchObject({
      _id: 'chromesettings',
      showMarkerPopup: false,
    })
  })
})

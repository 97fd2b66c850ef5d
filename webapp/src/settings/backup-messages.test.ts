import { INVALID_BACKUP_FILE_MESSAGE, Message } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { backupImportToast, invalidBackupFileToast, parseBackupText } from './backup-messages'

describe('backup import messages', () => {
  it('parses JSON and gives undefined for anything else', () => {
    expect(parseBackupText('{"a":1}')).toEqual({ a: 1 })
    expect(parseBackupText('{broken')).toBeUndefined()
  })

  it('shows the spec toast for an invalid file, with its id and 5 s', () => {
    expect(invalidBackupFileToast()).toEqual({
      id: 'invalid-backup-file',
      kind: 'error',
      message: INVALID_BACKUP_FILE_MESSAGE,
      durationMs: 5000,
    })
    expect(
      backupImportToast({ ok: false, error: 'x', detail: 'shape', restored: false }).message,
    ).toBe(INVALID_BACKUP_FILE_MESSAGE)
  })

  it('says the old data is back after a failed swap, and counts a success', () => {
    const failed = backupImportToast({
      ok: false,
      error: Message.RESTORING_OLD_DATA,
      detail: 'disk',
      restored: true,
    })
    expect(failed.message).toBe(Message.RESTORING_OLD_DATA)
    const done = backupImportToast({
      ok: true,
      counts: { bookmarks: 2, marks: 3, pagecontents: 0, aichats: 0 },
    })
    expect(done.message).toBe('Backup restored: 2 pages, 3 highlights')
  })
})

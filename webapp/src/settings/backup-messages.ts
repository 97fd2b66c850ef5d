// The toast a backup import ends with. A file that is not a backup (not JSON, or not the backup's
// shape) gets the spec's invalid-file toast under its id, so repeating it does not stack; a
// failure after the data was swapped gets the restoring message (the store put the old data back).
import {
  countLabel,
  INVALID_BACKUP_FILE_MESSAGE,
  INVALID_BACKUP_FILE_TOAST_DURATION_MS,
  INVALID_BACKUP_FILE_TOAST_ID,
  TOAST_DURATION_MS,
  type ImportResult,
} from '@inkmark/shared'
import type { ToastRequest } from '../components/Toasts'

/** Parses a backup file's text; undefined when it is not JSON. */
export function parseBackupText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** The toast of an invalid backup file. */
export function invalidBackupFileToast(): ToastRequest {
  return {
    id: INVALID_BACKUP_FILE_TOAST_ID,
    kind: 'error',
    message: INVALID_BACKUP_FILE_MESSAGE,
    durationMs: INVALID_BACKUP_FILE_TOAST_DURATION_MS,
  }
}

/** The toast that tells how a backup import ended. */
export function backupImportToast(result: ImportResult): ToastRequest {
  if (result.ok) {
    const { bookmarks, marks } = result.counts
    return {
      kind: 'success',
      message: `Backup restored: ${countLabel(bookmarks, 'page')}, ${countLabel(marks, 'highlight')}`,
      durationMs: TOAST_DURATION_MS,
    }
  }
  if (!result.restored) {
    return invalidBackupFileToast()
  }
  return { kind: 'error', message: result.error, durationMs: TOAST_DURATION_MS }
}

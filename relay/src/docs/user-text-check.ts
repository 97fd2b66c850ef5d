// A pushed `textState` (ADR 081) is checked on a scratch copy of the stored text before anything is
// stored: a bad one is refused by id (the batch's `rejected`, with a code) and the stored text is
// never touched, so one hostile or corrupt text can neither fail a whole /sync batch with a 500 nor
// leave a text doc behind that no one can read.
import {
  MAX_USER_TEXT_DEPTH,
  decodeUserTextState,
  userTextDocHtml,
  userTextNestsDeeperThan,
  updateHasSeedOf,
  userTextOf,
} from '@inkmark/shared'
import * as Y from 'yjs'
import { ErrorCode } from '../errors'

/** The largest decoded `textState` taken, and the largest merged text kept. */
export const MAX_TEXT_STATE_BYTES = 2 * 1024 * 1024
export const MAX_MERGED_TEXT_BYTES = 4 * 1024 * 1024

export type UserTextCheck =
  { ok: true; html: string; update: Uint8Array } | { ok: false; code: ErrorCode; message: string }

function refused(code: ErrorCode, message: string): UserTextCheck {
  return { ok: false, code, message }
}

/**
 * Merges `textState` into a copy of `stored` and reads the merged text's HTML. On success `update`
 * is the decoded update, safe to apply to `stored` itself.
 */
export function checkUserTextMerge(
  stored: Y.Doc,
  textState: string,
  /** The stored old-style HTML, when the text is empty yet: the first text must be seeded from it. */
  oldHtml?: string,
): UserTextCheck {
  let update: Uint8Array
  try {
    update = decodeUserTextState(textState)
  } catch {
    return refused(ErrorCode.INVALID_TEXT_STATE, 'textState: not base64')
  }
  if (update.length === 0) {
    return refused(ErrorCode.INVALID_TEXT_STATE, 'textState: empty')
  }
  if (update.length > MAX_TEXT_STATE_BYTES) {
    return refused(
      ErrorCode.TEXT_STATE_TOO_LARGE,
      `textState: larger than ${MAX_TEXT_STATE_BYTES} bytes`,
    )
  }
  if (oldHtml !== undefined && !safeHasSeedOf(update, oldHtml)) {
    // Merged, it would replace the stored HTML with a text that never held it (ADR 081): refused,
    // and the device seeds its text from the stored HTML before it sends it again.
    return refused(
      ErrorCode.TEXT_NOT_SEEDED,
      'textState: not seeded from the stored text; pull it and seed from it first',
    )
  }
  const scratch = new Y.Doc()
  try {
    Y.applyUpdate(scratch, Y.encodeStateAsUpdate(stored))
    Y.applyUpdate(scratch, update)
    // A full state leaves nothing waiting for missing parts: anything pending is a broken update.
    if (scratch.store.pendingStructs !== null || scratch.store.pendingDs !== null) {
      return refused(ErrorCode.INVALID_TEXT_STATE, 'textState: incomplete or malformed update')
    }
    if (Y.encodeStateAsUpdate(scratch).length > MAX_MERGED_TEXT_BYTES) {
      return refused(
        ErrorCode.TEXT_STATE_TOO_LARGE,
        `textState: merged text larger than ${MAX_MERGED_TEXT_BYTES} bytes`,
      )
    }
    if (userTextNestsDeeperThan(userTextOf(scratch), MAX_USER_TEXT_DEPTH)) {
      return refused(
        ErrorCode.TEXT_TOO_DEEP,
        `textState: elements nested deeper than ${MAX_USER_TEXT_DEPTH} levels`,
      )
    }
    return { ok: true, html: userTextDocHtml(scratch), update }
  } catch {
    return refused(ErrorCode.INVALID_TEXT_STATE, 'textState: malformed update')
  } finally {
    scratch.destroy()
  }
}

/** updateHasSeedOf; true for an update too broken to read, which the checks after refuse as such. */
function safeHasSeedOf(update: Uint8Array, oldHtml: string): boolean {
  try {
    return updateHasSeedOf(update, oldHtml)
  } catch {
    return true
  }
}

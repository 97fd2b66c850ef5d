import { describe, expect, it } from 'vitest'
import {
  Message,
  confirmationEmailFailedMessage,
  confirmationEmailSentMessage,
  copyUrlToAddressBarMessage,
  highlightsAppliedMessage,
  highlightsNotAppliedMessage,
  invalidImportFileMessage,
  pageNotFoundMessage,
  preparingPdfMessage,
} from './messages'

describe('messages', () => {
  it('keeps the spec wording of fixed messages', () => {
    expect(Message.TOKEN_EXPIRED).toBe('Your token expired. Please login again.')
    expect(Message.TOO_LARGE_TO_SYNC).toBe('Content is too large to sync. Click to review.')
    expect(Message.INVALID_BACKUP_FILE).toBe(
      "Invalid file. Try to upload a file in this format: E.g. 'inkmark-backup-{date}.json'",
    )
  })

  it('fills the placeholders of parameterised messages', () => {
    expect(highlightsAppliedMessage(3)).toBe('3 highlights applied')
    expect(highlightsAppliedMessage(1)).toBe('1 highlight applied')
    expect(highlightsNotAppliedMessage(1)).toBe(
      '1 highlight not applied - find in sidebar or try again.',
    )
    expect(highlightsNotAppliedMessage(2)).toBe(
      '2 highlights not applied - find in sidebar or try again.',
    )
    expect(preparingPdfMessage(4, 12)).toBe('Preparing PDF file: 4/12')
    expect(pageNotFoundMessage('/nope')).toBe('Page Not Found: /nope')
    expect(invalidImportFileMessage('csv', 'Pocket')).toBe(
      'Invalid file. Try to upload a csv file from Pocket',
    )
    expect(confirmationEmailSentMessage('a@b.c')).toBe(
      'Confirmation email has been sent to your email a@b.c. Please check your inbox and also your SPAM folder.',
    )
    expect(confirmationEmailFailedMessage('a@b.c')).toBe(
      'Something went wrong while resending the confirmation email to your email a@b.c..',
    )
    expect(copyUrlToAddressBarMessage('chrome://extensions/shortcuts')).toBe(
      'Copy & paste this url into your address bar: chrome://extensions/shortcuts',
    )
  })
})

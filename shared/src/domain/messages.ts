// The user-facing messages of the spec's error catalogue, named once so that every app shows the
// same words and tests can assert on them. Placeholders are filled by the small functions below.
import { countLabel } from './plural'

/** Messages shown as they are. */
export const Message = {
  GENERIC_ERROR: 'Something went wrong. Try again later.',
  SERVER_NOT_REACHABLE: 'Server is not reachable',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  TOKEN_EXPIRED: 'Your token expired. Please login again.',
  TOO_LARGE_TO_SYNC: 'Content is too large to sync. Click to review.',
  PAGE_NOT_FOUND_IN_APP: 'Could not open the page. Page not found.',
  COULD_NOT_LOAD_CONTENT: 'Could not load content. Try a different page.',
  RESTORING_OLD_DATA: 'Something went wrong, restoring old data...',
  INVALID_IMPORT_BACKUP_DATA: 'Invalid import backup data',
  INVALID_BACKUP_FILE:
    "Invalid file. Try to upload a file in this format: E.g. 'inkmark-backup-{date}.json'",
  CSV_PARSE_ERROR: 'Could not parse given CSV content',
  JSON_PARSE_ERROR: 'Could not parse given JSON content',
  CSV_END_QUOTE_MISSING: 'Unexpected end: end quote missing',
  EMAIL_REQUIRED: 'Email is required',
  CONFIRMATION_EMAIL_NOT_LOGGED_IN:
    'You are not logged in. Please login to resend the confirmation email.',
  COPIED_TEXT: 'Copied to clipboard 📄',
  COPY_TEXT_FAILED: 'Sorry, copying text is not possible here.',
  COPIED_IMAGE: 'Successfully copied image 📷',
  COPY_IMAGE_FAILED: 'Sorry, copying image is not possible here. Please copy it manually!',
  HIGHLIGHT_ONLY_IN_SIDEBAR: 'Highlight only visible in sidebar',
  COULD_NOT_APPLY_HIGHLIGHTS: 'Could not apply highlights',
  NO_TEXT_SELECTED: 'No text selected',
  NO_IMAGE_AVAILABLE: 'No image available',
  BOOKMARK_SAVED: 'Saved to your library 🔖',
  BOOKMARK_REMOVED: 'Removed from your library',
  LEARNING_DISCARDED: 'Discarded! This highlight will no longer show up in your learning sessions.',
  THANKS_FOR_SPREADING: 'Thank you for spreading the word!',
  CONTINUE_TO_LINK: 'Continue to link?',
  AI_ERROR: 'Error occurred. Check our troubleshooting guide for help.',
  AI_SUMMARY_DAILY_LIMIT: "You've Hit Your Daily Limit. Upgrade to create unlimited AI summaries",
  YOUTUBE_DAILY_LIMIT:
    "You've Hit Your Daily Limit. Upgrade to highlight unlimited Youtube videos 🚀",
  AI_CHAT_DAILY_LIMIT: "You've Hit Your Daily Limit. Upgrade to chat with AI unlimited 🚀",
  CHAT_CANCELLED_BY_USER: 'Cancelled by user',
  CHAT_CANCELLED_BY_NEW_MESSAGE: 'Cancelled by sending new message',
  SUMMARIZER_UNAVAILABLE: 'Summarizer API is not available in this browser',
  PDF_READY: 'PDF is ready! Enjoy highlighting.',
  RUNTIME_UNAVAILABLE: 'Chrome Runtime API not available',
  INVALID_PASS_THROUGH_OBJECT: "Invalid 'passThroughObject' object",
  PAGE_NOT_FOUND_TITLE: 'Page Not Found',
  INTERNAL_SERVER_ERROR_TITLE: 'Internal Server Error',
} as const
export type Message = (typeof Message)[keyof typeof Message]

/**
 * The spec's 'N highlight(s) applied' after re-anchoring a page, with a proper plural: '1
 * highlight applied', '3 highlights applied' (docs/adr/038-imports-and-words.md).
 */
export function highlightsAppliedMessage(count: number): string {
  return `${countLabel(count, 'highlight')} applied`
}

/** The spec's 'N highlight(s) not applied - find in sidebar or try again.', pluralized. */
export function highlightsNotAppliedMessage(count: number): string {
  return `${countLabel(count, 'highlight')} not applied - find in sidebar or try again.`
}

/** 'Preparing PDF file: {page}/{total}' while a PDF is being prepared. */
export function preparingPdfMessage(page: number, total: number): string {
  return `Preparing PDF file: ${page}/${total}`
}

/** 'Page Not Found: {path}' for a route whose validation fails. */
export function pageNotFoundMessage(path: string): string {
  return `Page Not Found: ${path}`
}

/** 'Invalid file. Try to upload a {extension} file from {service}' for a rejected import. */
export function invalidImportFileMessage(extension: string, service: string): string {
  return `Invalid file. Try to upload a ${extension} file from ${service}`
}

/** The confirmation-email notice after a successful resend. */
export function confirmationEmailSentMessage(email: string): string {
  return `Confirmation email has been sent to your email ${email}. Please check your inbox and also your SPAM folder.`
}

/** The confirmation-email notice after a failed resend (the spec's double period kept). */
export function confirmationEmailFailedMessage(email: string): string {
  return `Something went wrong while resending the confirmation email to your email ${email}..`
}

/** 'Copy & paste this url into your address bar: {address}' where a shortcut cannot open a page. */
export function copyUrlToAddressBarMessage(address: string): string {
  return `Copy & paste this url into your address bar: ${address}`
}

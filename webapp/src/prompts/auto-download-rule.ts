// When the auto-download prompt asks whether to save the text of pages (autoDownloadPageContent):
// once, while the setting has never been answered, right after the person saves a page by its
// address (create-bookmark), the moment the question is about (ADR 079). The answer, or closing
// the prompt (read as "no", the setting's old default), is stored, so it is never asked again.

/** Whether saving a page should be followed by the auto-download question. */
export function shouldAskAutoDownload(autoDownloadPageContent: boolean | undefined): boolean {
  return autoDownloadPageContent === undefined
}

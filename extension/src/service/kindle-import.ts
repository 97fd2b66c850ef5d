// The background's half of the Kindle notebook helper (ADR 083): a book read off the notebook
// page arrives from the content script, is validated (the page is not trusted: a tampered page
// could send anything) and imported with the file importers' rules, one book per message so that
// a long walk keeps what it imported when it stops halfway. The answer is counts only: nothing of
// the library goes back to the tab.
import {
  InvalidCallError,
  KindleNotebookMessageSchema,
  existingLibraryOf,
  importKindleNotebookBook,
  kindleNotebookBookUrl,
  type KindleNotebookBookResult,
  type LocalStore,
} from '@inkmark/shared'

/** Imports the book of one helper message into `library`; throws InvalidCallError on bad input. */
export async function importKindleNotebookMessage(
  library: LocalStore,
  message: unknown,
): Promise<KindleNotebookBookResult> {
  const parsed = KindleNotebookMessageSchema.safeParse(message)
  if (!parsed.success) {
    throw new InvalidCallError('This book could not be read from the notebook page.')
  }
  const { book } = parsed.data
  const bookmarks = library.getAllBookmarks()
  const { result, summary } = importKindleNotebookBook(
    book,
    kindleNotebookBookUrl(book, bookmarks),
    {
      now: library.now(),
      createId: () => library.createId(),
      existing: existingLibraryOf(bookmarks, library.getAllMarks()),
    },
  )
  const entities = [...result.bookmarks, ...result.marks, ...result.updatedMarks]
  if (entities.length > 0) {
    const written = await library.createOrUpdateEntities(entities)
    if (written.rejected.length > 0) {
      const [first] = written.rejected as { message?: string }[]
      throw new InvalidCallError(first?.message ?? 'The library refused this book.')
    }
    await library.flush()
  }
  return summary
}

// The bytes of uploaded PDFs, kept on this device only, in an IndexedDB database of their own
// ('inkmark-pdf-files', next to the library's 'inkmark'). The library doc syncs and is backed up;
// a PDF of tens of megabytes would make every device download it and every backup carry it, so
// the file stays here and only its bookmark and marks travel (docs/adr/015-webapp-pdf.md). One
// record per bookmark id: uploading the same PDF again replaces the bytes, and a record whose
// bookmark was deleted is removed by `deletePdfFilesOfDeleted`.

/** The database of uploaded PDF files on this origin. */
export const PDF_FILES_DATABASE = 'inkmark-pdf-files'
const STORE = 'files'
const VERSION = 1

/** An uploaded PDF as kept on this device. */
export interface StoredPdfFile {
  /** The bookmark the PDF belongs to: the key. */
  bookmarkId: string
  /** The file name as chosen, e.g. 'paper.pdf'. */
  name: string
  /** The file's bytes. */
  bytes: ArrayBuffer
  /** When it was stored here (epoch milliseconds). */
  storedAt: number
}

/** The uploaded PDFs on this device. */
export interface PdfFileStore {
  put(file: StoredPdfFile): Promise<void>
  /** The file of `bookmarkId`, or undefined when this device has none. */
  get(bookmarkId: string): Promise<StoredPdfFile | undefined>
  delete(bookmarkId: string): Promise<void>
  /** The bookmark ids that have a file here. */
  listBookmarkIds(): Promise<string[]>
  close(): void
}

/** Opens (creating on first use) the database of uploaded PDFs. */
export function openPdfFileStore(factory: IDBFactory = indexedDB): Promise<PdfFileStore> {
  return new Promise((resolve, reject) => {
    const request = factory.open(PDF_FILES_DATABASE, VERSION)
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'bookmarkId' })
    }
    request.onerror = () => reject(request.error ?? new Error('Could not open the PDF files'))
    request.onblocked = () => reject(new Error('The PDF files are open in an older tab'))
    request.onsuccess = () => {
      const database = request.result
      // Another tab upgrading later must not wait on this one.
      database.onversionchange = () => database.close()
      resolve(createPdfFileStore(database))
    }
  })
}

function createPdfFileStore(database: IDBDatabase): PdfFileStore {
  function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) {
    return new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode)
      const request = act(transaction.objectStore(STORE))
      // Resolve on commit, not on the request: a write is only kept once its transaction is.
      transaction.oncomplete = () => resolve(request.result)
      transaction.onerror = () =>
        reject(transaction.error ?? request.error ?? new Error('PDF file write failed'))
      transaction.onabort = () => reject(transaction.error ?? new Error('PDF file write aborted'))
    })
  }
  return {
    async put(file) {
      await run('readwrite', (store) => store.put(file))
    },
    async get(bookmarkId) {
      const found: unknown = await run('readonly', (store) => store.get(bookmarkId))
      return isStoredPdfFile(found) ? found : undefined
    },
    async delete(bookmarkId) {
      await run('readwrite', (store) => store.delete(bookmarkId))
    },
    async listBookmarkIds() {
      const keys = await run('readonly', (store) => store.getAllKeys())
      return keys.filter((key): key is string => typeof key === 'string')
    },
    close() {
      database.close()
    },
  }
}

/**
 * How long a file may wait for its bookmark: an upload stores the file first and creates the
 * bookmark a moment later (in this tab, or another that shares the library).
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000

/** What the library says of a file's bookmark. */
export type BookmarkFate = 'deleted' | 'unknown' | 'present'

/**
 * Removes the files whose bookmark `fateOf` says is deleted, and those whose bookmark the library
 * does not know at all (a bookmark deleted before it was ever synced leaves no record) once they
 * are older than ORPHAN_GRACE_MS. Returns how many were removed.
 */
export async function deletePdfFilesOfDeleted(
  files: PdfFileStore,
  fateOf: (bookmarkId: string) => BookmarkFate,
  now = Date.now(),
): Promise<number> {
  let removed = 0
  for (const id of await files.listBookmarkIds()) {
    const fate = fateOf(id)
    const orphan =
      fate === 'deleted' ||
      (fate === 'unknown' && now - ((await files.get(id))?.storedAt ?? now) > ORPHAN_GRACE_MS)
    if (orphan) {
      await files.delete(id)
      removed += 1
    }
  }
  return removed
}

// What the database gives back is checked: another version of the app may have written it.
function isStoredPdfFile(value: unknown): value is StoredPdfFile {
  if (typeof value !== 'object' || value === null) {
    return false
  }
  const record = value as Partial<StoredPdfFile>
  return (
    typeof record.bookmarkId === 'string' &&
    typeof record.name === 'string' &&
    record.bytes instanceof ArrayBuffer &&
    typeof record.storedAt === 'number'
  )
}

// The page side of the store benchmark: bundled with Vite and loaded in real Chromium, it puts the
// functions of `StoreBenchApi` on `globalThis.inkmarkBench`, which the Node side calls one by one
// with page.evaluate. Every timing is taken here with performance.now() around the real store
// (`openLocalStore` from @inkmark/shared on the real IndexedDB). This file is `.mts` so that the
// scripts workspace (Node types, no DOM) leaves it to its own tsconfig, which has the DOM lib.
import {
  createBackupFile,
  createDefaultChromeSettings,
  createIndexeddbBodyStore,
  CHROME_SETTINGS_ID,
  DeviceState,
  LocalStore,
  openLocalStore,
  parseBackupFile,
  QuotaPlan,
  SCHEMA_VERSION,
  type Bookmark,
  type Mark,
} from '@inkmark/shared'
import * as Y from 'yjs'
import {
  bookmarkIdentity,
  generateBookmark,
  generateMark,
  generateNewMark,
  generatePageContent,
  searchWord,
} from './generate'
import {
  baselineDatabaseName,
  PAGE_CONTENT_BATCH_SIZE,
  WRITE_BATCH_SIZE,
  type BaselineReport,
  type ColdOpenReport,
  type ImportReport,
  type LibrarySize,
  type OpenBreakdownReport,
  type PopulateReport,
  type QueryName,
  type QueryReport,
  type StorageReport,
  type StoreBenchApi,
  type StoreBenchGlobal,
  type WritesReport,
} from './protocol'

const UPDATES_STORE = 'updates'
const BASELINE_STORE = 'library'
const BASELINE_KEY = 'all'
/** Page-content batches written at once while populating (each writes its bodies in turn). */
const PAGE_CONTENT_CONCURRENCY = 4
/** Body databases read at once when adding up their sizes. */
const BODY_READ_CONCURRENCY = 16
const CACHED_CALLS = 1_000

/** The store the last cold open left open, for the query and write measurements. */
let openStore: LocalStore | undefined
/** Keeps what a measurement loaded alive, so the heap figure taken after it includes it. */
let retained: unknown

const storeOptions = (databaseName: string) => ({
  databaseName,
  quotaPlan: () => QuotaPlan.ULTIMATE,
})

function progress(message: string): void {
  console.info(`[bench] ${message}`)
}

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

function openDatabase(name: string, upgrade?: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  const request = indexedDB.open(name)
  if (upgrade) {
    request.onupgradeneeded = () => upgrade(request.result)
  }
  return requestDone(request)
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error ?? new Error('transaction failed'))
    transaction.onabort = () => reject(transaction.error ?? new Error('transaction aborted'))
  })
}

async function readUpdates(db: IDBDatabase): Promise<Uint8Array[]> {
  const transaction = db.transaction(UPDATES_STORE, 'readonly')
  return requestDone(transaction.objectStore(UPDATES_STORE).getAll() as IDBRequest<Uint8Array[]>)
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function time<T>(run: () => T): { ms: number; value: T } {
  const start = performance.now()
  const value = run()
  return { ms: performance.now() - start, value }
}

/** Records the name of every IndexedDB database opened until the returned function is called. */
function spyOnDatabaseOpens(names: string[]): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(IDBFactory.prototype, 'open')!
  const original = IDBFactory.prototype.open.bind(indexedDB)
  Object.defineProperty(IDBFactory.prototype, 'open', {
    ...descriptor,
    value: (name: string, version?: number) => {
      names.push(name)
      return version === undefined ? original(name) : original(name, version)
    },
  })
  return () => Object.defineProperty(IDBFactory.prototype, 'open', descriptor)
}

function requireStore(): LocalStore {
  if (!openStore) {
    throw new Error('No store is open: call coldOpen first')
  }
  return openStore
}

async function populate(args: {
  databaseName: string
  seed: number
  size: LibrarySize
}): Promise<PopulateReport> {
  const { databaseName, seed, size } = args
  const store = await openLocalStore(storeOptions(databaseName))
  let saved = 0
  let rejected = 0
  const write = async (entities: Record<string, unknown>[]) => {
    const result = await store.createOrUpdateEntities(entities)
    saved += result.saved.length
    rejected += result.rejected.length
    if (result.rejected[0]) {
      throw new Error(`The store refused an entity: ${JSON.stringify(result.rejected[0])}`)
    }
  }
  const inBatches = async (
    label: string,
    count: number,
    batchSize: number,
    make: (index: number) => Record<string, unknown>,
  ): Promise<number> => {
    const start = performance.now()
    for (let first = 0; first < count; first += batchSize) {
      const batch: Record<string, unknown>[] = []
      for (let index = first; index < Math.min(count, first + batchSize); index += 1) {
        batch.push(make(index))
      }
      await write(batch)
      if ((first / batchSize) % 10 === 9 || first + batchSize >= count) {
        progress(`${label}: ${Math.min(count, first + batchSize)} / ${count}`)
      }
    }
    return performance.now() - start
  }

  const bookmarksMs = await inBatches('bookmarks', size.bookmarks, WRITE_BATCH_SIZE, (index) =>
    generateBookmark(seed, index),
  )
  const marksMs = await inBatches('marks', size.marks, WRITE_BATCH_SIZE, (index) =>
    generateMark(seed, index, size.bookmarks),
  )

  const pagesStart = performance.now()
  const batches: number[] = []
  for (let first = 0; first < size.pageContents; first += PAGE_CONTENT_BATCH_SIZE) {
    batches.push(first)
  }
  let pagesDone = 0
  const writePageBatch = async (first: number) => {
    const batch: Record<string, unknown>[] = []
    for (
      let index = first;
      index < Math.min(size.pageContents, first + PAGE_CONTENT_BATCH_SIZE);
      index += 1
    ) {
      batch.push(generatePageContent(seed, index, size.pageContentChars))
    }
    await write(batch)
    pagesDone += batch.length
    if (pagesDone % 500 < PAGE_CONTENT_BATCH_SIZE || pagesDone === size.pageContents) {
      progress(`page contents: ${pagesDone} / ${size.pageContents}`)
    }
  }
  const workers = Array.from({ length: PAGE_CONTENT_CONCURRENCY }, async () => {
    for (let first = batches.shift(); first !== undefined; first = batches.shift()) {
      await writePageBatch(first)
    }
  })
  await Promise.all(workers)
  const pageContentsMs = performance.now() - pagesStart

  await store.updateChromeSettings({ defaultHighlightColor: '#fdffb4' })
  await store.flush()

  // The baseline: the very entities the library doc holds, as one JSON string in one record.
  const baselineStart = performance.now()
  const json = JSON.stringify(store.getAllEntities())
  const baseline = await openDatabase(baselineDatabaseName(databaseName), (db) =>
    db.createObjectStore(BASELINE_STORE),
  )
  const transaction = baseline.transaction(BASELINE_STORE, 'readwrite')
  transaction.objectStore(BASELINE_STORE).put(json, BASELINE_KEY)
  await transactionDone(transaction)
  baseline.close()
  const baselineWriteMs = performance.now() - baselineStart

  await store.close()
  return {
    bookmarksMs,
    marksMs,
    pageContentsMs,
    saved,
    rejected,
    baselineChars: json.length,
    baselineWriteMs,
  }
}

async function openAndClose(args: {
  databaseName: string
}): Promise<{ ms: number; updatesBefore: number }> {
  const db = await openDatabase(args.databaseName)
  const transaction = db.transaction(UPDATES_STORE, 'readonly')
  const updatesBefore = await requestDone(transaction.objectStore(UPDATES_STORE).count())
  db.close()
  const start = performance.now()
  const store = await openLocalStore(storeOptions(args.databaseName))
  const ms = performance.now() - start
  await store.close()
  return { ms, updatesBefore }
}

async function coldOpen(args: { databaseName: string }): Promise<ColdOpenReport> {
  const opened: string[] = []
  const restore = spyOnDatabaseOpens(opened)
  let store: LocalStore
  let bookmarks: Bookmark[]
  const start = performance.now()
  let opening = start
  try {
    store = await openLocalStore(storeOptions(args.databaseName))
    opening = performance.now()
    bookmarks = store.getAllBookmarks()
  } finally {
    restore()
  }
  const end = performance.now()
  openStore = store
  const { updates } = await store.storedSize()
  const present = await indexedDB.databases()
  return {
    ms: end - start,
    openMs: opening - start,
    firstQueryMs: end - opening,
    bookmarks: bookmarks.length,
    databasesOpened: opened,
    databasesPresent: present.length,
    updatesInLog: updates,
  }
}

async function coldBaseline(args: { databaseName: string }): Promise<BaselineReport> {
  const start = performance.now()
  const db = await openDatabase(baselineDatabaseName(args.databaseName))
  const opened = performance.now()
  const transaction = db.transaction(BASELINE_STORE, 'readonly')
  const json = await requestDone(
    transaction.objectStore(BASELINE_STORE).get(BASELINE_KEY) as IDBRequest<string>,
  )
  const read = performance.now()
  const parsed = JSON.parse(json) as Record<string, unknown[]>
  const end = performance.now()
  db.close()
  retained = parsed
  return {
    ms: end - start,
    openMs: opened - start,
    readMs: read - opened,
    parseMs: end - read,
    chars: json.length,
    entities: Object.values(parsed).reduce((sum, list) => sum + list.length, 0),
  }
}

async function openBreakdown(args: { databaseName: string }): Promise<OpenBreakdownReport> {
  const start = performance.now()
  const db = await openDatabase(args.databaseName)
  const opened = performance.now()
  const updates = await readUpdates(db)
  const read = performance.now()
  await readUpdates(db)
  const secondRead = performance.now()
  db.close()
  const doc = new Y.Doc()
  const applied = time(() =>
    Y.transact(doc, () => {
      for (const update of updates) {
        Y.applyUpdate(doc, update)
      }
    }),
  )
  const encoded = time(() => Y.encodeStateAsUpdate(doc))
  const persisted: ConstructorParameters<typeof LocalStore>[0] = {
    doc,
    flush: () => Promise.resolve(),
    storedSize: () => Promise.resolve({ bytes: 0, updates: 0 }),
    compact: () => Promise.resolve(),
    close: () => Promise.resolve(),
    destroyData: () => Promise.resolve(),
  }
  const query = time(() => {
    const store = new LocalStore(
      persisted,
      new DeviceState({ ...persisted, doc: new Y.Doc() }),
      createIndexeddbBodyStore(args.databaseName),
      { storedVersion: SCHEMA_VERSION, version: SCHEMA_VERSION, appliedSteps: [] },
      storeOptions(args.databaseName),
    )
    return store.getAllBookmarks().length
  })
  retained = doc
  return {
    idbOpenMs: opened - start,
    idbReadMs: read - opened,
    idbSecondReadMs: secondRead - read,
    updates: updates.length,
    updateBytes: updates.reduce((sum, update) => sum + update.byteLength, 0),
    applyUpdateMs: applied.ms,
    encodeStateMs: encoded.ms,
    firstQueryMs: query.ms,
  }
}

function cachedCallMs(call: () => unknown): number {
  const start = performance.now()
  for (let index = 0; index < CACHED_CALLS; index += 1) {
    call()
  }
  return (performance.now() - start) / CACHED_CALLS
}

function query(args: { name: QueryName; seed: number; size: LibrarySize }): QueryReport {
  const { name, seed, size } = args
  const store = requireStore()
  switch (name) {
    case 'getMarksForBookmark': {
      // Bookmark 0 is one of the heavily highlighted pages (dozens of marks).
      const id = bookmarkIdentity(seed, 0)._id
      const first = time(() => store.getMarksForBookmark(id))
      const cachedMs = cachedCallMs(() => store.getMarksForBookmark(id))
      const others: number[] = []
      for (let index = 1; index <= 200; index += 1) {
        const other = bookmarkIdentity(seed, (index * 37) % size.bookmarks)._id
        others.push(time(() => store.getMarksForBookmark(other)).ms)
      }
      return {
        name,
        firstMs: first.ms,
        cachedMs,
        otherArgsMs: median(others),
        resultSize: first.value.length,
      }
    }
    case 'getBookmarksWithCount': {
      const first = time(() => store.getBookmarksWithCount())
      const cachedMs = cachedCallMs(() => store.getBookmarksWithCount())
      return { name, firstMs: first.ms, cachedMs, resultSize: first.value.length }
    }
    case 'getEntitiesForSearchValue': {
      const value = searchWord(seed, 0)
      const first = time(() => store.getEntitiesForSearchValue(value))
      const cachedMs = cachedCallMs(() => store.getEntitiesForSearchValue(value))
      const others: number[] = []
      for (let index = 1; index <= 20; index += 1) {
        const other = searchWord(seed, index)
        others.push(time(() => store.getEntitiesForSearchValue(other)).ms)
      }
      const { bookmarks, marks, notes, tags } = first.value
      return {
        name,
        firstMs: first.ms,
        cachedMs,
        otherArgsMs: median(others),
        resultSize: bookmarks.length + marks.length + notes.length + tags.length,
      }
    }
  }
}

async function writeMarks(args: {
  count: number
  seed: number
  size: LibrarySize
}): Promise<WritesReport> {
  const store = requireStore()
  const writeOne = async (index: number) => {
    const mark = generateNewMark(args.seed, index, args.size.bookmarks)
    const start = performance.now()
    const result = await store.createOrUpdateEntities([mark])
    const written = performance.now()
    await store.flush()
    const end = performance.now()
    if (result.saved.length !== 1) {
      throw new Error(`The mark was not saved: ${JSON.stringify(result.rejected)}`)
    }
    return { total: end - start, write: written - start, flush: end - written }
  }
  const firstWriteMs = (await writeOne(0)).total
  // Two more unmeasured writes, so the measured ones are the steady state of an open store.
  await writeOne(1)
  await writeOne(2)
  const report: WritesReport = { totalMs: [], writeMs: [], flushMs: [], firstWriteMs }
  for (let index = 0; index < args.count; index += 1) {
    const { total, write, flush } = await writeOne(3 + index)
    report.totalMs.push(total)
    report.writeMs.push(write)
    report.flushMs.push(flush)
  }
  return report
}

async function closeStore(): Promise<void> {
  await openStore?.close()
  openStore = undefined
  retained = undefined
}

async function storage(args: { databaseName: string }): Promise<StorageReport> {
  const store = openStore ?? (await openLocalStore(storeOptions(args.databaseName)))
  const library = await store.storedSize()
  const prefixes = [`${args.databaseName}-pagecontent-`, `${args.databaseName}-aichat-`]
  const names = (await indexedDB.databases())
    .map((info) => info.name ?? '')
    .filter((name) => prefixes.some((prefix) => name.startsWith(prefix)))
  const start = performance.now()
  let bodyBytes = 0
  const pending = [...names]
  const workers = Array.from({ length: BODY_READ_CONCURRENCY }, async () => {
    for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
      const db = await openDatabase(name)
      for (const update of await readUpdates(db)) {
        bodyBytes += update.byteLength
      }
      db.close()
    }
  })
  await Promise.all(workers)
  const bodyMeasureMs = performance.now() - start
  const estimate = await navigator.storage.estimate()
  if (store !== openStore) {
    await store.close()
  }
  return {
    libraryBytes: library.bytes,
    libraryUpdates: library.updates,
    bodyDocs: names.length,
    bodyBytes,
    bodyMeasureMs,
    originUsageBytes: estimate.usage ?? 0,
  }
}

async function importBackup(args: {
  databaseName: string
  seed: number
  size: LibrarySize
}): Promise<ImportReport> {
  const { seed, size } = args
  const bookmarks: Record<string, unknown>[] = []
  const marks: Record<string, unknown>[] = []
  for (let index = 0; index < size.bookmarks; index += 1) {
    bookmarks.push(generateBookmark(seed, index))
  }
  for (let index = 0; index < size.marks; index += 1) {
    marks.push(generateMark(seed, index, size.bookmarks))
  }
  const file = createBackupFile({
    bookmarks: bookmarks as unknown as Bookmark[],
    marks: marks as unknown as Mark[],
    chromeSettings: createDefaultChromeSettings(CHROME_SETTINGS_ID),
  })
  const text = JSON.stringify(file)
  const jsonParse = time(() => JSON.parse(text) as unknown)
  const validate = time(() => parseBackupFile(text))
  if (!validate.value.ok) {
    throw new Error(`The generated backup is invalid: ${validate.value.detail}`)
  }
  progress(`backup file: ${bookmarks.length + marks.length} entities, ${text.length} chars`)

  const store = await openLocalStore(storeOptions(args.databaseName))
  const start = performance.now()
  const result = await store.importBackupData(text)
  await store.flush()
  const ms = performance.now() - start
  const { bytes } = await store.storedSize()
  await store.close()
  return {
    entities: bookmarks.length + marks.length,
    fileChars: text.length,
    ms,
    jsonParseMs: jsonParse.ms,
    validateMs: validate.ms,
    ok: result.ok,
    storedBytes: bytes,
  }
}

const api: StoreBenchApi = {
  populate,
  openAndClose,
  coldOpen,
  coldBaseline,
  openBreakdown,
  query,
  writeMarks,
  closeStore,
  storage,
  importBackup,
}

;(globalThis as unknown as StoreBenchGlobal).inkmarkBench = api
// Read once so the bundler keeps the variable that holds measured data alive.
export const keepRetained = (): unknown => retained

// In Node the store's tests run against fake-indexeddb; the `shared-browser` project runs the same
// files in Chromium against the real IndexedDB.
import 'fake-indexeddb/auto'

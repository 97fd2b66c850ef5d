// Devices in Node-run sync tests keep their stores in fake-indexeddb (one process, many devices,
// each with its own databases); the browser-side behaviour is covered by shared-browser and e2e.
import 'fake-indexeddb/auto'

// The origins of the relay's own doc transactions, in a module of their own so that the live docs,
// the deletion guard and the library service can all tell them apart without importing each other
// (they used to import each other in a cycle).

/** Origin of changes made through the REST endpoints. */
export const REST_ORIGIN = Symbol('rest')

/** Origin of updates applied from storage: they are stored already. */
export const LOADED_ORIGIN = Symbol('loaded-from-storage')

/** The name of a user's library doc (the other docs are bodies: `pagecontent-…`, `aichat-…`). */
export const LIBRARY_DOC = 'library'

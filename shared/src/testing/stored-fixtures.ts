// Fixture entities as the store's writes take them: each with its `_objectStore`.
import { ObjectStore } from '../domain/entities/object-store'
import {
  createAiChatFixture,
  createBookmarkFixture,
  createMarkFixture,
  createPageContentFixture,
} from './factories'

type Overrides<F extends (overrides: never) => unknown> = NonNullable<Parameters<F>[0]>

/** A bookmark fixture for createOrUpdateEntities. */
export const asBookmark = (overrides: Overrides<typeof createBookmarkFixture> = {}) => ({
  ...createBookmarkFixture(overrides),
  _objectStore: ObjectStore.BOOKMARKS,
})

/** A mark fixture for createOrUpdateEntities. */
export const asMark = (overrides: Overrides<typeof createMarkFixture> = {}) => ({
  ...createMarkFixture(overrides),
  _objectStore: ObjectStore.MARKS,
})

/** A page content fixture for createOrUpdateEntities. */
export const asPageContent = (overrides: Overrides<typeof createPageContentFixture> = {}) => ({
  ...createPageContentFixture(overrides),
  _objectStore: ObjectStore.PAGE_CONTENTS,
})

/** An AI chat fixture for createOrUpdateEntities. */
export const asChat = (overrides: Overrides<typeof createAiChatFixture> = {}) => ({
  ...createAiChatFixture(overrides),
  _objectStore: ObjectStore.AI_CHATS,
})

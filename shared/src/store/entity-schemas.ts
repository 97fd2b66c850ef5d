// The schema each stored kind is validated with before it may enter the library doc.
import type { z } from 'zod'
import { AiChatSchema } from '../domain/entities/ai-chat'
import { BookmarkSchema } from '../domain/entities/bookmark'
import { ChromeSettingsSchema } from '../domain/entities/chrome-settings'
import { MarkSchema } from '../domain/entities/mark'
import { ObjectStore } from '../domain/entities/object-store'
import { PageContentSchema } from '../domain/entities/page-content'

/** The validator of each entity kind. */
export const SCHEMA_BY_STORE: Readonly<Record<ObjectStore, z.ZodType<Record<string, unknown>>>> = {
  [ObjectStore.BOOKMARKS]: BookmarkSchema,
  [ObjectStore.MARKS]: MarkSchema,
  [ObjectStore.CHROME_SETTINGS]: ChromeSettingsSchema,
  [ObjectStore.PAGE_CONTENTS]: PageContentSchema,
  [ObjectStore.AI_CHATS]: AiChatSchema,
}

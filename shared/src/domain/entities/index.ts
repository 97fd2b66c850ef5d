// The entity schemas, types and defaults factories of every stored kind, named explicitly.
export { ObjectStore, OBJECT_STORES, ObjectStoreSchema, isObjectStore } from './object-store'
export { Permission, DEFAULT_PERMISSION, PermissionSchema, isSharedPermission } from './permission'
export { EpochMillisSchema, EntityIdSchema, syncFieldsShape, withoutUndefined } from './common'
export { DEFAULT_DISABLE_LEARNING, LearningItemSchema, createLearningItem } from './learning-item'
export type { LearningItem, LearningItemInit } from './learning-item'
export {
  AiSummaryFormat,
  AiSummaryLength,
  AiSummaryType,
  AI_SUMMARY_TYPE_LABELS,
  AiSummaryStatus,
  DEFAULT_AI_SUMMARY_FORMAT,
  DEFAULT_AI_SUMMARY_LENGTH,
  DEFAULT_AI_SUMMARY_TYPE,
  DEFAULT_AI_SUMMARY_STATUS,
  AiSummaryLengthSchema,
  AiSummarySchema,
  createAiSummary,
  aiSummaryTypeLabel,
  isAiSummaryLength,
  isSavableAiSummary,
} from './ai-summary'
export type { AiSummary, AiSummaryInit } from './ai-summary'
export {
  TranscriptSegmentSchema,
  TranscriptSchema,
  createTranscript,
  transcriptText,
} from './transcript'
export type { TranscriptSegment, Transcript, TranscriptInit } from './transcript'
export {
  BookmarkType,
  FileImportType,
  DEFAULT_BOOKMARK_TYPE,
  DEFAULT_IS_STARRED,
  BookmarkMetaSchema,
  IntegrationPageSchema,
  BookmarkSchema,
  createBookmark,
  isBookmarkShared,
} from './bookmark'
export type { BookmarkMeta, IntegrationPage, Bookmark, BookmarkInit } from './bookmark'
export {
  MarkType,
  MediaType,
  DEFAULT_MEDIA_TYPE,
  DEFAULT_MARK_TYPE,
  MARK_ID_ATTRIBUTE,
  MARK_MEDIA_TYPE_ATTRIBUTE,
  HIGHLIGHT_CLASS,
  HIGHLIGHT_WITH_TAGS_CLASS,
  HIGHLIGHT_WITH_NOTES_CLASS,
  HighlightSourceMetaSchema,
  HighlightSourceSchema,
  RichTextOpSchema,
  MarkSchema,
  createMark,
  markMediaType,
  isImageMark,
  hasMarkNotes,
  highlightClassNames,
} from './mark'
export type { HighlightSourceMeta, HighlightSource, MarkRichTextOp, Mark, MarkInit } from './mark'
export { PageContentType, PageContentSchema, createPageContent } from './page-content'
export type { PageContent, PageContentInit } from './page-content'
export {
  AiChatRole,
  DEFAULT_AI_CHAT_REFERENCE_OBJECT_STORE,
  AiChatMessageSchema,
  AiChatSchema,
  createAiChat,
  createAiChatMessage,
} from './ai-chat'
export type { AiChatMessage, AiChat, AiChatInit } from './ai-chat'
export {
  HighlighterMode,
  HIGHLIGHTER_MODE_LABELS,
  PreferredColorMode,
  DEFAULT_PREFERRED_COLOR_MODE,
  DEFAULT_HIGHLIGHTER_MODE,
  DEFAULT_FEATURE_SWITCH,
  DEFAULT_YOUTUBE_AUTOSCROLLING,
  DEFAULT_YOUTUBE_STICKY_PLAYER,
  DEFAULT_PROMPT_DISMISSED,
  SidebarOptionsSchema,
  YoutubeOptionsSchema,
  IntegrationSettingsSchema,
  ChromeSettingsSchema,
  createDefaultChromeSettings,
  highlighterModeLabel,
} from './chrome-settings'
export type {
  SidebarOptions,
  YoutubeOptions,
  IntegrationSettings,
  ChromeSettings,
  ChromeSettingsOverrides,
} from './chrome-settings'
export {
  ReaderColorMode,
  READER_DEFAULT_FONT_SIZE,
  READER_DEFAULT_LAYOUT_WIDTH,
  READER_DEFAULT_LINE_HEIGHT,
  READER_DEFAULT_COLOR_MODE,
  READER_SETTINGS_STORAGE_KEYS,
  ReaderSettingsSchema,
  DEFAULT_READER_SETTINGS,
  readerSettingsWithDefaults,
  isReaderColorMode,
} from './reader-settings'
export type { ReaderSettings, ReaderSettingsInput } from './reader-settings'
export {
  NotificationCtaLinkSchema,
  NotificationSchema,
  createNotification,
  isNotificationUnread,
  countUnreadNotifications,
} from './notification'
export type { NotificationCtaLink, Notification, NotificationInit } from './notification'
export {
  EmailSettingsOption,
  DEFAULT_EMAIL_SETTINGS_OPTION,
  DEFAULT_LEARNING_REMINDER_EMAIL_ENABLED,
  EmailSettingsSchema,
  createDefaultEmailSettings,
} from './email-settings'
export type { EmailSettings, EmailSettingsOverrides } from './email-settings'
export {
  DEFAULT_PREMIUM_FLAG,
  UserPlanSchema,
  UserTokenPayloadSchema,
  createUserPlan,
  createUserTokenPayload,
  parseUserTokenPayload,
} from './user-token-payload'
export type { UserPlan, UserTokenPayload, UserTokenPayloadInit } from './user-token-payload'
export {
  SyncEntitySchema,
  SyncRequestBodySchema,
  SyncDeleteEntitySchema,
  SyncDeleteRequestBodySchema,
  MISSING_OBJECT_STORE_MESSAGE,
  toSyncDeleteEntity,
} from './sync-entity'
export type {
  SyncEntity,
  SyncRequestBody,
  SyncDeleteEntity,
  SyncDeleteRequestBody,
} from './sync-entity'
export {
  BACKUP_FILE_NAME_PREFIX,
  BACKUP_FILE_NAME_EXTENSION,
  INVALID_BACKUP_FILE_MESSAGE,
  INVALID_BACKUP_FILE_TOAST_ID,
  INVALID_BACKUP_FILE_TOAST_DURATION_MS,
  INVALID_IMPORT_BACKUP_DATA_MESSAGE,
  BACKUP_DOWNLOAD_DELAY_MS,
  BACKUP_TIMESTAMP_FIELDS,
  BackupFileSchema,
  parseBackupFile,
  backupFileName,
  toBackupEntity,
  createBackupFile,
  prepareBackupImport,
} from './backup-file'
export type { BackupFile, BackupParseResult, BackupData } from './backup-file'

// The public door of @inkmark/shared: every export other workspaces may use, named explicitly.
// Layers: domain (pure rules and entity schemas); the store, sync and anchoring build on it.

// First: zod parses without eval (a Content Security Policy refuses it), before any schema is used.
import './domain/zod-config'

// app-navigation
export {
  SETTINGS_VIEWS,
  DEFAULT_SETTINGS_VIEW,
  isValidSettingsView,
  settingsViewLabel,
  DIALOGS,
  isDialogName,
  DEFAULT_SHORTCUTS,
  SORT_KEYS,
  SORT_DIRECTIONS,
  DEFAULT_PAGE,
  GRID_PAGINATION_STEP,
} from './domain/app-navigation'
export type {
  SettingsView,
  DialogName,
  CommandName,
  SortKey,
  SortDirection,
} from './domain/app-navigation'
// auth-token
export { decodeTokenPayload, isTokenExpired, takeTokenFromUrl } from './domain/auth-token'
export type { DecodedToken } from './domain/auth-token'
// base64
export {
  BASE64_ALPHABET,
  BASE64_URL_ALPHABET,
  INVALID_BASE64_MESSAGE,
  INVALID_UTF8_MESSAGE,
  toUtf8Bytes,
  fromUtf8Bytes,
  encodeBase64Utf8,
  decodeBase64Utf8,
} from './domain/base64'
export type { Base64EncodeOptions } from './domain/base64'
// blacklist
export {
  BlacklistCategory,
  DEFAULT_BLACKLIST_BY_CATEGORY,
  DEFAULT_BLACKLIST,
  INKMARK_APP_HOSTS,
  HIGHLIGHTABLE_PROTOCOLS,
  ALL_URLS_PATTERN,
  isBlacklisted,
  matchesBlacklistEntry,
  matchesWildcardPattern,
} from './domain/blacklist'
export type { BlacklistOptions } from './domain/blacklist'
// color
export {
  DEFAULT_HIGHLIGHT_COLOR,
  HIGHLIGHT_PALETTE,
  SOFT_HIGHLIGHT_PALETTE,
  SAMPLE_HIGHLIGHT_COLORS,
  MAX_RECENT_COLORS,
  toHexColor,
  isHexColor,
  addRecentColor,
  highlightColorName,
  offeredHighlightColors,
} from './domain/color'
// content-rules
export {
  MIN_ARTICLE_LENGTH,
  READERABLE_MIN_SCORE,
  READERABLE_MIN_PARAGRAPH_LENGTH,
  isArticleLongEnough,
  NOTION_IMAGE_EXTENSIONS,
  notionImageUrl,
} from './domain/content-rules'
// filters
export {
  FilterKey,
  FilterLogical,
  IS_IMAGE_FALSE,
  IS_IMAGE_TRUE,
  FilterSchema,
  parseFilters,
  encodeFilters,
  matchesFilters,
  matchesFilter,
  isImageEntity,
  toSiteOrigin,
} from './domain/filters'
export type { Filter, FilterableEntity } from './domain/filters'
// format
export {
  TOAST_DURATION_MS,
  LONG_TOAST_DURATION_MS,
  BYTES_BASE,
  BYTE_UNITS,
  DEFAULT_BYTES_DECIMALS,
  MAX_BYTES_DECIMALS,
  DATE_GROUP,
  LAST_DAYS_GROUP_SPAN,
  MONTH_NAMES,
  formatBytes,
  dateGroupLabel,
} from './domain/format'
export type { DateGroup } from './domain/format'
// plural (counts in words: '1 page', '3 pages')
export { countLabel, plural, pluralOf } from './domain/plural'
// learning-review
export {
  INITIAL_EASINESS,
  INITIAL_INTERVAL,
  INITIAL_REPETITIONS,
  MIN_EASINESS,
  MAX_EASINESS_REFERENCE,
  EASINESS_BONUS,
  EASINESS_PENALTY_BASE,
  EASINESS_PENALTY_SLOPE,
  FAILED_REVIEW_REPETITION_DIVISOR,
  MAX_REVIEW_DAYS,
  CONFIDENCE_REVIEW_THRESHOLD_DAYS,
  CONFIDENCE_REVIEW_MIN_CONFIDENCE,
  NEW_CARD_CONFIDENCE,
  LEARNING_CONSTANT_DAYS,
  CONFIDENCE_INTERVAL_WEIGHT,
  CONFIDENCE_EASINESS_WEIGHT,
  CONFIDENCE_REPETITION_WEIGHT,
  MAX_CONFIDENCE,
  LONG_TERM_MEMORY_MIN_CONFIDENCE,
  CONFIDENT_RECALL_MIN_CONFIDENCE,
  MODERATE_RECALL_MIN_CONFIDENCE,
  SHORT_TERM_MEMORY_MIN_CONFIDENCE,
  NEW_KNOWLEDGE_MIN_CONFIDENCE,
  LearningRating,
  FAILED_RATING_THRESHOLD,
  MemoryLevel,
  isNewLearningItem,
  nextEasinessFactor,
  nextIntervalDays,
  learningConfidence,
  reviewDelayDays,
  reviewLearningItem,
  discardLearningItem,
  undiscardLearningItem,
  memoryLevel,
  memoryLevelLabel,
} from './domain/learning-review'
export type { LearningItemState } from './domain/learning-review'
// learning-session
export {
  DAILY_TARGET,
  DAILY_SESSION_LEARNED_SHARE,
  learningDayIndex,
  isDue,
  computeStreaks,
  buildDailySession,
  shouldShowLearningTeaser,
} from './domain/learning-session'
export type {
  LearningCandidate,
  DailySessionOptions,
  DailySession,
  LearningStreaks,
  LearningTeaserInput,
} from './domain/learning-session'
// learning-scheduler (both schedulers, the review log)
export {
  DEFAULT_DESIRED_RETENTION,
  MIN_DESIRED_RETENTION,
  MAX_DESIRED_RETENTION,
  DEFAULT_LEARNING_SCHEDULER_SETTINGS,
  FSRS_GRADE_FOR_RATING,
  clampDesiredRetention,
  nextFsrsState,
  applyReviewEntry,
  compareReviewEntries,
  reviewBaseOf,
  replayReviewLog,
  reviewCard,
  nextReviewPreview,
  setLearningDisabled,
  learningSchedulerSettings,
} from './domain/learning-scheduler'
export type {
  LearningSchedulerSettings,
  LearningRatingKey,
  FsrsOptions,
} from './domain/learning-scheduler'
// learning-merge (two devices' copies of a card)
export {
  canonicalJson,
  mergeLearningItems,
  learningItemLosesReviews,
} from './domain/learning-merge'
// learning-stats (the learning screens' figures)
export {
  learningDayStart,
  markSite,
  learningOverview,
  learningSchedule,
  learningCategories,
  streakCalendar,
  sessionFor,
} from './domain/learning-stats'
export type {
  LearningMark,
  LearningOverview,
  LearningScheduleDay,
  LearningTagCategory,
  LearningSiteCategory,
  LearningCategories,
  StreakCalendarDay,
  LearningCategory,
} from './domain/learning-stats'
// mark-order
export { compareMarks, sortMarks } from './domain/mark-order'
export type { OrderableMark, MarkOrderMap } from './domain/mark-order'
// messages
export {
  Message,
  highlightsAppliedMessage,
  highlightsNotAppliedMessage,
  preparingPdfMessage,
  pageNotFoundMessage,
  invalidImportFileMessage,
  confirmationEmailSentMessage,
  confirmationEmailFailedMessage,
  copyUrlToAddressBarMessage,
} from './domain/messages'
// page-url
export {
  IDENTIFYING_QUERY_PARAMS,
  TRACKING_QUERY_PARAMS,
  TRACKING_QUERY_PARAM_PREFIXES,
  SITE_TRACKING_QUERY_PARAMS,
  EXACT_MATCH_PATH_MARKERS,
  EXACT_MATCH_HASH_ROUTES,
  EXTENSION_PROTOCOLS,
  PDF_VIEWER_PAGE_NAMES,
  PDF_FILE_PARAM,
  PDF_SOURCE_PROTOCOLS,
  pageUrlsMatch,
  normalizePageUrl,
  normalizePageUrlBySpec,
  isMarkOfMergedPage,
  isTrackingQueryParam,
  marksShownOnPage,
  markUrlFor,
  getPdfFileUrl,
  requiresExactPageMatch,
} from './domain/page-url'
// plan
export {
  Plan,
  UserPlanType,
  UserPlanDuration,
  PREMIUM_WITHOUT_SUBSCRIPTION_ULTIMATE_CUTOFF_MILLIS,
  LIFETIME_EXPIRY_MARKER_MILLIS,
  LEGACY_ACCOUNT_CUTOFF_MILLIS,
  ALWAYS_SYNC_ACCOUNT_CREATED_AT_MILLIS,
  PLAN_DISPLAY_NAMES,
  toEpochMillis,
  effectiveUserPlanType,
  resolvePlan,
  isLegacySyncAccount,
  canSync,
  canShare,
  canBackup,
  hasUnlimitedFeatures,
  isPaidPlan,
  planDisplayName,
} from './domain/plan'
export type { PlanUserPlan, PlanUser } from './domain/plan'
// sharing (public pages, docs/adr/057)
export {
  SHARE_ID_LENGTH,
  DISCOVER_PAGE_SIZE,
  SUMMARY_HIGHLIGHTS,
  newShareId,
  isShareId,
  isSharedPagePermission,
  isShareablePage,
  isMarkShown,
  isMarkNoteShown,
  publicPageOf,
  summaryOf,
  defaultSharingChoice,
  applySharingChoice,
  resetShareId,
  mergeSharingFields,
  publicPageUrl,
} from './domain/sharing'
export type {
  SharedPermission,
  PublicMark,
  PublicPage,
  PublicPageSummary,
  DiscoverFeedType,
  DiscoverRequest,
  DiscoverResponse,
  ExploreTag,
  SharingChoice,
} from './domain/sharing'
// product-events
export {
  PRODUCT_EVENT_NAMES,
  PRODUCT_EVENT_MAX_COUNT,
  PRODUCT_EVENTS_PER_BATCH,
  isProductEventName,
  mergeProductEvents,
  toProductEventBatches,
  productEventDay,
  sendProductEvents,
} from './domain/product-events'
export type { InkmarkEventName, ProductEvent, ProductEventBatch } from './domain/product-events'
// relay-address
export {
  RelayAddressError,
  RELAY_ADDRESS_MESSAGES,
  checkRelayAddress,
  isAllowedRelayAddress,
  isLoopbackHost,
} from './domain/relay-address'
export type { RelayAddressCheck } from './domain/relay-address'
// price
export {
  PURCHASABLE_PLAN_TYPES,
  DiscountStatus,
  DiscountType,
  DEFAULT_PRICES,
  BLACK_FRIDAY,
  DISCOUNT_CODES,
  RetentionOffer,
  RETENTION_OFFERS,
  TRIAL_STYLE_PLAN_DAYS,
  PRICE_FRACTION_DIGITS,
  NO_PRICE_TEXTS,
  parsePrice,
  formatPrice,
  roundToCents,
  applyDiscount,
  effectivePrice,
  isValidPlanProduct,
  isKnownDiscountCode,
  isBlackFridayPeriod,
  shouldShowBlackFridayBanner,
  retentionOfferFor,
  trialStylePlanExpiresAt,
} from './domain/price'
export type {
  PurchasablePlanType,
  Discount,
  Price,
  DefaultPrice,
  DiscountCode,
} from './domain/price'
export { PRICE_PERIODS, priceDisplay, countryCodeFromLocales } from './domain/price-display'
export type { PriceDisplay } from './domain/price-display'
// billing
export {
  BillingProviderKind,
  CANCELLATION_REASONS,
  CANCELLATION_FEEDBACK_STATUSES,
  CANCELLATION_OFFER_OUTCOMES,
  CANCELLATION_FEEDBACK_MAX_LENGTH,
  billingPlanId,
} from './domain/billing'
export type {
  BillingPlanId,
  BillingConfig,
  CheckoutRequest,
  CheckoutStart,
  TestCheckoutOrder,
  BillingMoney,
  SubscriptionState,
  Subscription,
  BillingTransaction,
  CancellationOfferKind,
  CancellationOffer,
  RedeemedCancellationOffer,
  CancellationReason,
  CancellationFeedbackStatus,
  CancellationOfferOutcome,
  CancellationFeedback,
} from './domain/billing'
// rich-text
export {
  SAFE_LINK_PREFIXES,
  UNSAFE_LINK_PREFIX,
  MIN_HEADER_LEVEL,
  MAX_HEADER_LEVEL,
  MIN_INDENT,
  MAX_INDENT,
  URL_EMBED_KEYS,
  COLOR_ATTRIBUTES,
  sanitizeLinkUrl,
  clampHeaderLevel,
  clampIndent,
  sanitizeRichText,
} from './domain/rich-text'
export type { RichTextValue, RichTextEmbed, RichTextOp } from './domain/rich-text'
// settings-edits
export {
  MAX_BLACKLIST_ENTRY_LENGTH,
  MAX_OWN_BLACKLIST_ENTRIES,
  BACKUP_PROMPT_INTERVAL_CHOICES,
  MAX_SIDEBAR_WIDTH_SETTING,
  checkBlacklistEntry,
  isOnBuiltInBlacklist,
  addBlacklistEntry,
  removeBlacklistEntry,
  sidebarWidthSetting,
  applyChromeSettingsEdit,
  ChromeSettingsEditSchema,
} from './domain/settings-edits'
export type { BlacklistEntryCheck, ChromeSettingsEdit } from './domain/settings-edits'
export { BLACKLIST_INPUT_ID, SETTINGS_SECTION_IDS } from './settings-ui/section-ids'
// settings-mirror
export {
  SYNC_STORAGE_SETTINGS_KEY,
  MIRRORED_SETTINGS_KEYS,
  settingsStamp,
  settingsMirrorOf,
  parseSettingsMirror,
  mirroredSettingsDiffer,
  settingsToAdopt,
} from './domain/settings-mirror'
export type { MirroredSettings, SettingsMirror } from './domain/settings-mirror'
// sidebar-layout
export {
  SIDEBAR_DEFAULT_WIDTH,
  SIDEBAR_MIN_WIDTH,
  SIDEBAR_MAX_WINDOW_RATIO,
  SIDEBAR_ANIMATION_MS,
  LOCAL_VIEW_SIDEBAR_WIDTH,
  SidebarAlignment,
  DEFAULT_SIDEBAR_ALIGNMENT,
  SidebarBehavior,
  DEFAULT_SIDEBAR_BEHAVIOR,
  SIDEBAR_FONT_SIZE_STEPS,
  SIDEBAR_FALLBACK_FONT_SIZE,
  TOOLBOX_MIN_X,
  TOOLBOX_RIGHT_MARGIN,
  TOOLBOX_SLIDE_OUT_MS,
  TOOLBOX_SLIDE_IN_MS,
  MOBILE_BREAKPOINT_APP,
  MOBILE_BREAKPOINT_SITE,
  clampSidebarWidth,
  sidebarFontSize,
  toolboxPosition,
  shouldPushPage,
  pageShift,
} from './domain/sidebar-layout'
export type { PushPageOptions, PageShiftOptions, PageShift } from './domain/sidebar-layout'
// storage-quota
export {
  QuotaPlan,
  FREE_PAGE_CONTENT_QUOTA_BYTES,
  PREMIUM_PAGE_CONTENT_QUOTA_BYTES,
  ULTIMATE_PAGE_CONTENT_QUOTA_BYTES,
  QUOTA_EXCEEDED,
  pageContentQuotaBytes,
  pageContentSizeUsed,
  checkPageContentQuota,
} from './domain/storage-quota'
export type { PageContentSize, PageContentQuotaCheck } from './domain/storage-quota'
// sync-state
export {
  SyncState,
  SYNC_BATCH_SIZE,
  computeSyncState,
  isNeverSynced,
  entityNeedsSync,
} from './domain/sync-state'
export type { SyncStateInput, SyncTimestamps } from './domain/sync-state'
// tags
export {
  TAG_STRIPPED_CHARACTERS,
  TAG_SCORE_EXACT,
  TAG_SCORE_PREFIX,
  TAG_SCORE_CONTAINS,
  TAG_SCORE_FUZZY_BASE,
  TAG_COUNT_BONUS_THRESHOLD,
  TAG_COUNT_BONUS_MAX,
  TAG_COUNT_BONUS_MODULUS,
  MARKDOWN_TAG_SPACE_REPLACEMENT,
  cleanTag,
  editDistance,
  tagMatchScore,
  tagCountBonus,
  scoreTagSuggestion,
  suggestTags,
  topTagSuggestions,
  moveSuggestionIndex,
  hasTag,
  withAddedTag,
  TAG_SUGGESTION_LIMIT,
  toMarkdownTag,
} from './domain/tags'
export type { TagWithCount } from './domain/tags'
// text-limits
export {
  MAX_TITLE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  HTML_EXPORT_URL_DISPLAY_LENGTH,
  ELLIPSIS,
  truncateText,
  truncateTitle,
  truncateDescription,
  truncateUrlForDisplay,
} from './domain/text-limits'
// tokens
export {
  AI_CHAT_MAX_TOKENS,
  AI_CHAT_SAFETY_BUFFER_TOKENS,
  AI_CHAT_MAX_SYSTEM_MESSAGE_TOKENS,
  AI_CHAT_INITIAL_MESSAGES_TOKENS,
  SUMMARY_INPUT_QUOTA_MARGIN,
  CHARS_PER_TOKEN,
  TOKENS_PER_WORD,
  BRACES_TOKEN_FACTOR,
  countWords,
  estimateTokens,
  summaryInputTokenBudget,
  trimToTokenBudget,
} from './domain/tokens'
// url-parts
export {
  SPECIAL_SCHEME_DEFAULT_PORTS,
  MAX_PORT,
  parseUrl,
  percentDecode,
  parseQueryString,
  getQueryParam,
  getQueryParams,
  getHostWithPort,
  getDefaultPort,
  stripLeadingWww,
} from './domain/url-parts'
export type { UrlParts } from './domain/url-parts'
// user-prompts
export {
  UserPrompt,
  PROMPT_THRESHOLDS,
  PROMPT_DISMISSED_FLAGS,
  PROMPT_DELAY_MS,
  MIN_INTERVAL_BETWEEN_PROMPTS_MILLIS,
  DEFAULT_BACKUP_PROMPT_INTERVAL,
  isWithinPromptInterval,
  nextUserPrompt,
  shouldShowBackupPrompt,
  BACKUP_PROMPT_PENDING_FLOOR,
  backupPromptStep,
  backupPromptId,
  dueBackupPromptId,
} from './domain/user-prompts'
export type { BackupPromptState, UserPromptState } from './domain/user-prompts'
// youtube
export {
  YOUTUBE_VIDEO_ID_LENGTH,
  YOUTUBE_VIDEO_ID_PATTERN,
  YOUTUBE_HOSTS,
  YOUTU_BE_HOSTS,
  YOUTUBE_ID_PATH_PREFIXES,
  YOUTUBE_PROTOCOLS,
  YOUTUBE_WATCH_URL,
  parseYoutubeVideoId,
  isYoutubeVideoUrl,
  isYoutubeVideoId,
  toYoutubeWatchUrl,
} from './domain/youtube'
// entities/ai-chat
export {
  AiChatRole,
  DEFAULT_AI_CHAT_REFERENCE_OBJECT_STORE,
  AiChatMessageSchema,
  AiChatCitationSchema,
  AiChatSchema,
  createAiChat,
  createAiChatMessage,
  aiChatIdFor,
  aiChatMessageKey,
  aiChatMessagesLack,
  mergeAiChatMessages,
} from './domain/entities/ai-chat'
export type { AiChatMessage, AiChatCitation, AiChat, AiChatInit } from './domain/entities/ai-chat'
// entities/ai-summary
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
} from './domain/entities/ai-summary'
export type { AiSummary, AiSummaryInit } from './domain/entities/ai-summary'
// entities/backup-file
export {
  BACKUP_FILE_NAME_PREFIX,
  CHROME_SETTINGS_RECORD_ID,
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
} from './domain/entities/backup-file'
export type { BackupFile, BackupParseResult, BackupData } from './domain/entities/backup-file'
// entities/bookmark
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
} from './domain/entities/bookmark'
export type {
  BookmarkMeta,
  IntegrationPage,
  Bookmark,
  BookmarkInit,
} from './domain/entities/bookmark'
// entities/chrome-settings
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
  DEFAULT_LEARNING_SCHEDULER,
  SidebarOptionsSchema,
  YoutubeOptionsSchema,
  IntegrationSettingsSchema,
  ChromeSettingsSchema,
  createDefaultChromeSettings,
  highlighterModeLabel,
} from './domain/entities/chrome-settings'
export type {
  SidebarOptions,
  YoutubeOptions,
  IntegrationSettings,
  ChromeSettings,
  ChromeSettingsOverrides,
} from './domain/entities/chrome-settings'
// entities/common
export { EpochMillisSchema, EntityIdSchema } from './domain/entities/common'
// entities/email-settings
export {
  EmailSettingsOption,
  DEFAULT_EMAIL_SETTINGS_OPTION,
  DEFAULT_LEARNING_REMINDER_EMAIL_ENABLED,
  EmailSettingsSchema,
  createDefaultEmailSettings,
} from './domain/entities/email-settings'
export type { EmailSettings, EmailSettingsOverrides } from './domain/entities/email-settings'
// entities/learning-item
export {
  DEFAULT_DISABLE_LEARNING,
  LearningSchedulerName,
  FsrsCardStateSchema,
  ReviewLogEntrySchema,
  LearningReviewBaseSchema,
  LearningItemSchema,
  createLearningItem,
} from './domain/entities/learning-item'
export type {
  FsrsCardState,
  ReviewLogEntry,
  LearningReviewBase,
  LearningItem,
  LearningItemInit,
} from './domain/entities/learning-item'
// entities/mark
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
  markNoteText,
  noteChanges,
  highlightClassNames,
} from './domain/entities/mark'
export type {
  HighlightSourceMeta,
  HighlightSource,
  MarkRichTextOp,
  Mark,
  MarkInit,
} from './domain/entities/mark'
// entities/notification
export {
  NotificationCtaLinkSchema,
  NotificationSchema,
  createNotification,
  isNotificationUnread,
  countUnreadNotifications,
} from './domain/entities/notification'
export type {
  NotificationCtaLink,
  Notification,
  NotificationInit,
} from './domain/entities/notification'
// entities/object-store
export {
  ObjectStore,
  OBJECT_STORES,
  ObjectStoreSchema,
  isObjectStore,
} from './domain/entities/object-store'
// entities/page-content
export {
  PageContentType,
  PageContentSchema,
  createPageContent,
} from './domain/entities/page-content'
export type { PageContent, PageContentInit } from './domain/entities/page-content'
// entities/permission
export {
  Permission,
  DEFAULT_PERMISSION,
  PermissionSchema,
  isSharedPermission,
} from './domain/entities/permission'
// entities/reader-settings
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
} from './domain/entities/reader-settings'
export type { ReaderSettings, ReaderSettingsInput } from './domain/entities/reader-settings'
// entities/sync-entity
export {
  SyncEntitySchema,
  SyncRequestBodySchema,
  SyncDeleteEntitySchema,
  SyncDeleteRequestBodySchema,
  MISSING_OBJECT_STORE_MESSAGE,
  toSyncDeleteEntity,
} from './domain/entities/sync-entity'
export type {
  SyncEntity,
  SyncRequestBody,
  SyncDeleteEntity,
  SyncDeleteRequestBody,
} from './domain/entities/sync-entity'
// entities/transcript
export {
  TranscriptSegmentSchema,
  TranscriptSchema,
  createTranscript,
  transcriptText,
} from './domain/entities/transcript'
export type { TranscriptSegment, Transcript, TranscriptInit } from './domain/entities/transcript'
// entities/user-token-payload
export {
  DEFAULT_PREMIUM_FLAG,
  UserPlanSchema,
  UserTokenPayloadSchema,
  createUserPlan,
  createUserTokenPayload,
  parseUserTokenPayload,
} from './domain/entities/user-token-payload'
export type {
  UserPlan,
  UserTokenPayload,
  UserTokenPayloadInit,
} from './domain/entities/user-token-payload'

// ---- the local-first store (Yjs docs in IndexedDB) ----
export { openLocalStore, LocalStore, latestStamp } from './store/local-store'
export { DeviceState, deviceKey, openDeviceState } from './store/device-state'
export type {
  AllEntities,
  DeletionResult,
  LibraryChange,
  LocalStoreOptions,
  WriteResult,
} from './store/local-store'
export type { EntityRef } from './store/deletion-plan'
export type { BookmarkWithCount, LearningStatus, SearchResults } from './store/library-queries'
export type { ImportResult } from './store/backup-io'
export type { BodyStore } from './store/body-docs'
export { createIndexeddbBodyStore } from './store/body-docs'
export type { UserTextHandle, UserTextMerge, UserTextStore } from './store/user-text-store'
export { createIndexeddbUserTextStore } from './store/user-text-store'
export {
  MAX_USER_TEXT_DEPTH,
  USER_TEXT_ROOT,
  UserTextTooDeepError,
  fromBase64 as decodeUserTextState,
  encodeUserTextState,
  hasUserText,
  isUserTextState,
  mergeUserTextState,
  seedUserText,
  updateHasSeedOf,
  userTextBlocks,
  userTextDocHtml,
  userTextElement,
  userTextNestsDeeperThan,
  userTextOf,
} from './store/user-text-doc'
export {
  escapeUserTextHtml,
  isSafeUserTextLink,
  isUserTextLeaf,
  userTextHtml,
  type UserTextElement,
  type UserTextLeaf,
  type UserTextNode,
} from './domain/user-text-html'
export {
  BodyKind,
  CHROME_SETTINGS_ID,
  DATABASE_NAME,
  SCHEMA_VERSION,
  bodyDocName,
} from './store/library-schema'
export type { StoredRecord } from './store/library-schema'
export { TransactionOrigin, isLocalOrigin } from './store/origins'
export { shareAcrossTabs } from './store/tab-channel'
export { LibraryPeer } from './library-bridge/library-peer'
export type { BridgeLibrary, LibraryPeerOptions } from './library-bridge/library-peer'
export {
  BridgeHandshake,
  LIBRARY_BRIDGE_ORIGINS,
  DEVELOPMENT_WEBAPP_ORIGIN,
  LIBRARY_BRIDGE_PORT,
  isLibraryBridgeOrigin,
  matchPatternOf,
  originOfUrl,
  parseBridgeMessage,
} from './library-bridge/index'
export type { BridgeMessage } from './library-bridge/index'
export { READ_CACHE_TTL_MS } from './store/read-cache'
export { RejectionReason } from './store/write-preparation'
export type { RejectedEntity } from './store/write-preparation'
export { UNVERSIONED_SCHEMA_VERSION } from './store/migrations'
export type { MigrationReport } from './store/migrations'
export {
  LIBRARY_ROOM,
  bodyRoomName,
  readChatMessagesBody,
  readPageContentBody,
  writeChatMessagesBody,
  writePageContentBody,
} from './store/doc-layout'
export {
  decodeEntity,
  encodeEntity,
  entityMap,
  entityValues,
  readEntity,
  storeOfMap,
  writeEntity,
} from './store/library-schema'
export type { StoredValue } from './store/library-schema'

// ---- sync: the spec's protocol over the store, and the live channel ----
export {
  CREDENTIAL_PATHS,
  RelayCallError,
  RelayClient,
  RelayErrorKind,
  isCredentialPath,
} from './sync/relay-client'
export type { RelayClientOptions, RelayRequestOptions } from './sync/relay-client'
export {
  DEFAULT_SERVER_CONFIG_TTL_MILLIS,
  SERVER_CONFIG_CACHE_KEY,
  cachedConfigFor,
  loadServerConfig,
  toConfigOrigin,
} from './sync/server-config'
export type { CachedServerConfig, KeyValueStore, ServerConfig } from './sync/server-config'
export {
  PREMIUM_REQUIRED_CODE,
  PULL_PAGE_SIZE,
  SyncEngine,
  SyncValueKey,
  isPremiumRequired,
} from './sync/sync-engine'
export type { SyncEngineOptions, SyncNotice, SyncOutcome, SyncSession } from './sync/sync-engine'
export {
  LIBRARY_ROOM_NAME,
  LIVE_MAX_BACKOFF_MS,
  LiveChannel,
  RoomCloseCode,
  RoomRejoinPolicy,
  roomsUrl,
} from './sync/live-channel'
export {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  Backoff,
  QUOTA_BACKOFF_BASE_MS,
  QUOTA_BACKOFF_MAX_MS,
  SyncPauseReason,
  parseRetryAfter,
  syncPauseMessage,
} from './sync/sync-backoff'
export type { BackoffOptions, SyncPause } from './sync/sync-backoff'
export {
  ROOM_PREMIUM_REQUIRED_CLOSE_CODE,
  ROOM_SESSION_ENDED_CLOSE_CODE,
  RoomTicketPremiumRequiredError,
  RoomTicketRefusedError,
  createRoomTicketSocketClass,
  fetchRoomTicket,
} from './sync/room-ticket-socket'
export type { LiveChannelOptions, RoomSharedStore } from './sync/live-channel'
export { SYNC_DEBOUNCE_MS, SyncScheduler } from './sync/sync-scheduler'
export { PRODUCT_EVENTS_DEBOUNCE_MS, ProductEventQueue } from './sync/product-event-queue'
export type { ProductEventQueueOptions } from './sync/product-event-queue'
export type { SyncSchedulerOptions } from './sync/sync-scheduler'

// Messaging: the extension's contracts between its contexts
export {
  InvalidCallError,
  STORE_CALLS,
  StoreCallMessageSchema,
  runStoreCall,
  storeCallMessage,
} from './messaging/store-calls'
export type { StoreCallArgs, StoreCallMessage, StoreCallName } from './messaging/store-calls'
export {
  GUEST_CALLS,
  GuestCallMessageSchema,
  isGuestWrite,
  runGuestCall,
} from './messaging/guest-calls'
export { GUEST_CHANNEL, guestCallMessage } from './messaging/guest-protocol'
export {
  SHARING_CALLS,
  SHARING_CHANNEL,
  SharingCallMessageSchema,
  SharingChoiceSchema,
  parseSharingCall,
  sharingCallMessage,
} from './messaging/sharing-calls'
export type {
  SharingAnswer,
  SharingCall,
  SharingCallArgs,
  SharingCallName,
} from './messaging/sharing-calls'
export type {
  GuestCallArgs,
  GuestCallMessage,
  GuestCallName,
  GuestCalls,
  GuestContext,
  GuestHighlightSource,
  GuestPage,
  GuestResults,
  GuestSettings,
  MarkChanges,
  MarkDetails,
  NewMark,
  PaintableMark,
} from './messaging/guest-protocol'

// ---- anchoring: selectors, the text index, re-anchoring, painting (DOM code for content scripts;
// a content script should import the modules in ./anchoring directly to keep its bundle small) ----
export { QUOTE_CONTEXT_LENGTH, selectorsFromList, selectorsToList } from './anchoring/selectors'
export type {
  AnchorSelector,
  AnchorSelectors,
  RangeSelectors,
  TextPositionSelector,
  TextQuoteSelector,
} from './anchoring/selectors'
export {
  AnchorSelectorListSchema,
  AnchorSelectorSchema,
  AnchorSelectorsSchema,
  TextPositionSelectorSchema,
  TextQuoteSelectorSchema,
} from './anchoring/selector-schemas'
export {
  createTextIndex,
  isIndexCurrent,
  offsetOfPoint,
  offsetsOfRange,
  pointAtOffset,
  rangeFromOffsets,
} from './anchoring/text-index'
export type { TextIndex, TextPoint } from './anchoring/text-index'
export { describeOffsets, describeRange } from './anchoring/describe-range'
export {
  describeHighlightSource,
  describeSourceMeta,
  resolveSourceMeta,
} from './anchoring/highlight-source'
export { MIN_ANCHOR_SCORE, scoreCandidate, textSimilarity } from './anchoring/quote-score'
export type { QuoteContext } from './anchoring/quote-score'
export {
  looseText,
  matchIgnoringWhitespace,
  matchQuote,
  matchQuoteSteps,
} from './anchoring/match-quote'
export { toCodePointOffset, toUtf16Offset } from './anchoring/code-points'
export type { MatchMethod, MatchOptions, QuoteMatch } from './anchoring/match-quote'
export { anchorSelectors, anchorSteps } from './anchoring/anchor-selectors'
export type { Anchor, AnchorOptions } from './anchoring/anchor-selectors'
export { DEFAULT_BUDGET_MS, anchorAll, yieldToEventLoop } from './anchoring/anchor-all'
export type { AnchorAllOptions } from './anchoring/anchor-all'
export { paintHighlight, paintImageHighlight, removeHighlight } from './anchoring/paint'
export type { ImagePaintOptions, PaintOptions } from './anchoring/paint'
export { DEFAULT_WATCH_DEBOUNCE_MS, watchDom } from './anchoring/watch-dom'
export type { WatchDomOptions } from './anchoring/watch-dom'
export {
  HIGHLIGHT_TAG,
  INKMARK_UI_ATTRIBUTE,
  isExcludedElement,
  isHighlightWrapper,
} from './anchoring/own-elements'
export { runOwnMutation } from './anchoring/own-mutations'
// reader
export { extractArticle, parsePageHtml } from './reader/extract-article'
export type {
  ExtractArticleResult,
  ReaderArticle,
  ReaderFailureReason,
} from './reader/extract-article'
export { ARTICLE_ATTRIBUTES, ARTICLE_TAGS, sanitizeArticleHtml } from './reader/sanitize-article'
export type { ReaderWindow } from './reader/sanitize-article'
export { pageSelectorsOf, quoteSelectorsOf, readerSelectorsOf } from './reader/reader-selectors'
export type { TwoSurfaceMark } from './reader/reader-selectors'
export {
  describeReaderSelection,
  paintReaderMark,
  paintReaderMarks,
  readerPaintOptions,
} from './reader/reader-highlights'
export type { ReaderMark, ReaderPaintResult } from './reader/reader-highlights'
export { createReaderMark, updateReaderMark, refusal } from './reader/reader-marks'
export type { NewReaderMark, ReaderMarkStore, ReaderWriteResult } from './reader/reader-marks'
export { readSavedArticle, savedArticleHtml, savedArticleOf } from './reader/saved-article'
export type { SavedArticle } from './reader/saved-article'
export { pageContentIdFor, savePageContent } from './reader/page-content-save'
export type { PageContentSaveResult, PageContentStore } from './reader/page-content-save'
export { READER_PALETTE } from './reader/reader-palette'
export type { ReaderSwatch } from './reader/reader-palette'

// ---- ai: the providers (the browser's built-in AI, an OpenAI-compatible endpoint), their errors
// and the device-local settings that choose one ----
export { weakerAvailability } from './ai/ai-provider'
export type {
  AiAvailability,
  AiPromptMessage,
  AiProvider,
  AiProviderKind,
  AiRunOptions,
  AiSummaryRequest,
  AiTask,
} from './ai/ai-provider'
export {
  AI_ERROR_CODES,
  AiError,
  aiErrorMessage,
  isAbortError,
  isAiError,
  isQuotaExceededError,
} from './ai/ai-error'
export type { AiErrorCode, AiErrorDetails } from './ai/ai-error'
export {
  AI_SETTINGS_EXTENSION_STORAGE_KEY,
  AI_SETTINGS_LOCAL_STORAGE_KEY,
  DEFAULT_AI_SETTINGS,
  EXAMPLE_ENDPOINT_BASE_URL,
  isEndpointConfigured,
  isValidEndpointBaseUrl,
  parseAiSettings,
} from './ai/ai-settings'
export type { AiEndpointSettings, AiProviderChoice, AiSettings } from './ai/ai-settings'
export { createAiProvider } from './ai/create-ai-provider'
export type { AiProviderEnv } from './ai/create-ai-provider'
export { BUILTIN_AI_LABEL, createBuiltinProvider } from './ai/builtin-provider'
export type { BuiltinProviderEnv } from './ai/builtin-provider'
export {
  DEFAULT_ENDPOINT_INPUT_QUOTA,
  ENDPOINT_ANSWER_RESERVE_TOKENS,
  createOpenAiCompatibleProvider,
  testAiEndpoint,
} from './ai/openai-compatible-provider'
export type { AiEndpointTestResult, OpenAiCompatibleEnv } from './ai/openai-compatible-provider'
export { summaryPromptMessages, summarySystemPrompt } from './ai/summary-prompts'
export { retryAfterMs } from './ai/retry-after'

// ---- transfer: import from other services and export to other tools (pure, no DOM, no store) ----
export {
  ImportErrorCode,
  ImportFileError,
  SkipReason,
  DateNoticeReason,
  NoteTarget,
  existingLibraryOf,
  markKey,
} from './transfer/import-result'
export type {
  ExistingLibrary,
  ExistingMark,
  FileOrigin,
  ImportOptions,
  FileImportResult,
  ImportRowError,
  Importer,
  SkippedItem,
  DateNotice,
} from './transfer/import-result'
export {
  DETECTION_SAMPLE_LENGTH,
  IMPORT_FORMATS,
  ImportFormat,
  detectImportFormat,
  getImportFormatInfo,
} from './transfer/import-formats'
export type { ImportFormatInfo } from './transfer/import-formats'
export { withAddedNote } from './transfer/duplicate-notes'
export {
  dateNoticeLabel,
  dateNoticeReportLines,
  errorReportLines,
  reportLineText,
  reportText,
  skipReasonLabel,
  skippedHeading,
  skippedReportLines,
} from './transfer/import-report'
export type { ImportItemName, ImportReportLine } from './transfer/import-report'
export { importPocketCsv } from './transfer/pocket-csv'
export { importPocketJson } from './transfer/pocket-json'
export { importPocketHtml } from './transfer/pocket-html'
export { importDiigoCsv, parseDiigoAnnotations } from './transfer/diigo-csv'
export type { DiigoAnnotation } from './transfer/diigo-csv'
export { WEAVA_COLUMNS, importWeavaCsv } from './transfer/weava-csv'
export {
  importBrowserBookmarks,
  listBrowserBookmarkLinks,
  parseBrowserBookmarks,
} from './transfer/browser-bookmarks'
export type {
  BrowserBookmarkFolder,
  BrowserBookmarkItem,
  BrowserBookmarkLink,
} from './transfer/browser-bookmarks'
export { importKindleClippings, parseKindleClippings } from './transfer/kindle-clippings'
export { importKindleNotebook, parseKindleNotebook } from './transfer/kindle-notebook'
export {
  KINDLE_NOTEBOOK_PALETTE,
  KindleNotebookBookSchema,
  KindleNotebookMessageSchema,
  importKindleNotebookBook,
  kindleNotebookBookUrl,
} from './transfer/kindle-notebook-page'
export type { KindleNotebookImport } from './transfer/kindle-notebook-page'
export {
  KINDLE_NOTEBOOK_CHANNEL,
  KINDLE_NOTEBOOK_COLORS,
  KINDLE_NOTEBOOK_HOSTS,
  isKindleNotebookUrl,
} from './transfer/kindle-notebook-page-protocol'
export type {
  KindleNotebookAnnotation,
  KindleNotebookBook,
  KindleNotebookBookResult,
  KindleNotebookColor,
  KindleNotebookMessage,
} from './transfer/kindle-notebook-page-protocol'
export { HYPOTHESIS_JSON_ORIGIN, importHypothesisJson } from './transfer/hypothesis-json'
export { WEB_ANNOTATIONS_ORIGIN, importWebAnnotations } from './transfer/web-annotations-json'
export { OMNIVORE_ORIGIN, importOmnivore } from './transfer/omnivore-export'
export {
  IMPORTED_QUOTE_TAG,
  importedHighlightSource,
  selectorListOf,
} from './transfer/imported-anchors'
export type { ImportedSelector } from './transfer/imported-anchors'
export { KINDLE_HIGHLIGHT_COLORS, kindleBookUrl } from './transfer/kindle-books'
export type { KindleBook, KindleEntry, KindleEntryKind } from './transfer/kindle-books'
export { DEFAULT_CHUNK_SIZE } from './transfer/chunked-work'
export { groupMarksByBookmark } from './transfer/export-library'
export type { BookmarkWithMarks, ExportLibrary } from './transfer/export-library'
export {
  MARKDOWN_COVER_IMAGE_WIDTH,
  markdownFileName,
  toMarkdown,
  toObsidianTag,
} from './transfer/export-markdown'
export { HTML_EXPORT_LINK_PROTOCOLS, escapeHtml, toHtmlDocument } from './transfer/export-html'
export type { HtmlExportOptions } from './transfer/export-html'
export {
  COLOR_CLASS_PREFIX,
  RICH_TEXT_FORMAT,
  WEB_ANNOTATION_CONTEXT,
  colorClassOf,
  toWebAnnotation,
  toWebAnnotationCollection,
} from './transfer/export-web-annotations'
export type {
  WebAnnotation,
  WebAnnotationBody,
  WebAnnotationChoiceBody,
  WebAnnotationCollection,
  WebAnnotationCollectionOptions,
  WebAnnotationTarget,
  WebAnnotationTextualBody,
} from './transfer/export-web-annotations'
export { ANKI_CSV_HEADER, toAnkiCsv, toCsvField } from './transfer/export-anki-csv'
// search
export {
  createLibrarySearch,
  fuzzyDistance,
  SEARCH_BOOSTS,
  markMatches,
  searchMarks,
  foldForSearch,
  queryTerms,
  groupSearchHits,
} from './search'
export type {
  LibrarySearch,
  LibrarySearchOptions,
  SearchableBookmark,
  SearchableMark,
  SearchField,
  SearchHit,
  SearchKind,
  MatchSegment,
  MarkSearchHit,
  GroupedSearchEntities,
  GroupedSearchResults,
} from './search'

// learning-info (what a device reports to the relay for the learning reminder, PUT /learning-info)
export {
  LEARNING_REPORT_DEBOUNCE_MS,
  LearningInfoReporter,
  type LearningInfoReporterOptions,
} from './learning-info/learning-info-reporter'
export { learningReport, type LearningReport } from './learning-info/learning-report'
// ---- AI logic (issue 15, wt-logic): summaries, chat, daily limits, Ask your library, flag ----
export { AI_CHAT_MAX_SYSTEM_MESSAGE_TOKENS as AI_CHAT_MAX_SYSTEM_TOKENS } from './domain/tokens'
export {
  AI_ERROR_TOAST,
  AI_ERROR_TOAST_DURATION_MS,
  AI_ERROR_TOAST_ACTION,
  AI_TROUBLESHOOTING_PATH,
  AI_TROUBLESHOOTING_URL,
  SUMMARIZER_UNAVAILABLE,
  AI_SUMMARY_DAILY_LIMIT_MESSAGE,
  AI_CHAT_DAILY_LIMIT_MESSAGE,
  AI_CHAT_CANCELLED_BY_USER,
  AI_CHAT_ANSWER_CUT_NOTE,
  AI_CHAT_CANCELLED_BY_NEW_MESSAGE,
  ASK_LIBRARY_NOTHING_FOUND,
} from './ai/ai-messages'
export { trimToMeasuredBudget, type MeasureTokens } from './ai/measured-trim'
export {
  DEFAULT_SUMMARY_INPUT_QUOTA_TOKENS,
  summaryInputFor,
  runSummary,
  type RunSummaryOptions,
} from './ai/summary'
export {
  pageChatSystemPrompt,
  chatMarkNote,
  fitChatToBudget,
  type ChatMark,
  type FitChatOptions,
} from './ai/chat-budget'
export {
  AiChatCancelReason,
  chatCancelNote,
  cancelledReplyText,
  runChatTurn,
  ChatTurns,
  type ChatTurnOptions,
  type ChatTurnResult,
  type ChatTurnsOptions,
} from './ai/chat-turn'
export {
  AI_SUMMARY_DAILY_LIMIT,
  AI_CHAT_DAILY_LIMIT,
  planHasUnlimitedAi,
  bookmarksSummarizedToday,
  chatsWrittenToday,
  aiSummaryAllowance,
  aiChatAllowance,
  type AiDailyAllowance,
  type SummarizedBookmark,
  type CountedChat,
} from './ai/daily-limits'
export {
  ASK_LIBRARY_CHAT_REFERENCE_ID,
  ASK_LIBRARY_PASSAGE_TOKENS,
  ASK_LIBRARY_MAX_PASSAGES,
  ASK_LIBRARY_MAX_PASSAGE_TOKENS,
  ASK_LIBRARY_INSTRUCTIONS,
  QUESTION_STOP_WORDS,
  questionTerms,
  retrieveLibraryPassages,
  buildAskLibraryPrompt,
  citationSegments,
  citationSegmentsOfMessage,
  citationsOfAnswer,
  passageHref,
  storePassageLookup,
  searchPassageLookup,
  type PassageLookup,
  type PassageMark,
  type PassageBookmark,
  type LibraryPassage,
  type RetrieveLibraryOptions,
  type CitationSegment,
} from './ai/ask-library'
export {
  askLibraryPassageBudget,
  askLibraryQuestionFor,
  runAskLibrary,
  type AskLibraryOptions,
  type AskLibraryResult,
} from './ai/ask-library-turn'
export {
  DEFAULT_IS_AI_CHAT_ENABLED,
  AI_CHAT_ENABLED_WITHOUT_CONFIG,
  aiChatEnabled,
  type AiChatFlagSource,
} from './ai/feature-flag'
// ---- end of AI logic ----
// ---- integrations (Notion, Capacities: docs/adr/066-notion-and-capacities.md) ----
export {
  MAX_EXPORT_MARKS,
  MAX_EXPORT_TEXT_LENGTH,
  MAX_EXPORT_TITLE_LENGTH,
  MAX_EXPORT_DESCRIPTION_LENGTH,
  MAX_EXPORT_URL_LENGTH,
  MAX_EXPORT_TAGS,
  MAX_EXPORT_TAG_LENGTH,
  MAX_EXPORT_COLOR_LENGTH,
  MAX_EXPORT_PAGE_ID_LENGTH,
  ExportMarkSchema,
  ExportPageSchema,
  ExportPagePayloadSchema,
  exportPayloadOf,
  type ExportMark,
  type ExportPage,
  type ExportPagePayload,
  type ExportedBookmark,
  type ExportedMark,
} from './integrations/export-payload'
export {
  IntegrationService,
  NOTION_EXPORT_DAILY_LIMIT,
  CAPACITIES_EXPORT_DAILY_LIMIT,
  NOTION_DAILY_LIMIT_MESSAGE,
  CAPACITIES_DAILY_LIMIT_MESSAGE,
  hasLimitedExports,
  integrationExportLimitOf,
  integrationDailyLimitMessage,
  utcDayOf,
} from './integrations/daily-limits'
export {
  IntegrationErrorCode,
  NOTION_FALLBACK_IMAGE_URL,
  notionImageOrFallback,
  type NotionTarget,
  type NotionTargetList,
  type NotionConnection,
  type NotionAuthorizeUrl,
  type CapacitiesSpace,
  type CapacitiesSpaceList,
  type ExportResult,
  type CapacitiesExportResult,
} from './integrations/integration-types'
// ---- end of integrations ----

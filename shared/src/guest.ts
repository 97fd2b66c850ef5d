// The slim door of `@inkmark/shared/guest` for content scripts, which run in every page and must
// stay small: the guest contract's types and message builder, anchoring and painting, and the few
// pure rules they show (palette, messages). No schemas, no store, no Yjs: nothing here pulls them in.
export { anchorAll } from './anchoring/anchor-all'
export { describeRange } from './anchoring/describe-range'
export { paintHighlight, paintImageHighlight, removeHighlight } from './anchoring/paint'
export { paintAll } from './anchoring/paint-all'
export type { PaintRequest } from './anchoring/paint-all'
export { selectorsFromList, selectorsToList } from './anchoring/selectors'
export type { AnchorSelectors } from './anchoring/selectors'
export { watchDom } from './anchoring/watch-dom'
export { pageSelectorsOf } from './reader/reader-selectors'
export { addRecentColor, highlightColorName, offeredHighlightColors } from './domain/color'
export { Message, highlightsAppliedMessage, highlightsNotAppliedMessage } from './domain/messages'
export { normalizePageUrl } from './domain/page-url'
export {
  SIDEBAR_ANIMATION_MS,
  SidebarAlignment,
  clampSidebarWidth,
  pageShift,
  TOOLBOX_SLIDE_IN_MS,
  TOOLBOX_SLIDE_OUT_MS,
  toolboxPosition,
} from './domain/sidebar-layout'
export {
  TAG_SUGGESTION_LIMIT,
  cleanTag,
  hasTag,
  moveSuggestionIndex,
  withAddedTag,
} from './domain/tags'
export type { PageShift } from './domain/sidebar-layout'
export { GUEST_CHANNEL, guestCallMessage } from './messaging/guest-protocol'
export type {
  GuestCallArgs,
  GuestCallName,
  GuestPage,
  GuestResults,
  GuestSettings,
  GuestSidebarOptions,
  MarkChanges,
  MarkDetails,
  PaintableMark,
} from './messaging/guest-protocol'
export type {
  GuestVideoPage,
  GuestYoutubeOptions,
  NewTranscriptMark,
  VideoTranscriptSaveArgs,
} from './messaging/guest-protocol'
export {
  KINDLE_NOTEBOOK_CHANNEL,
  KINDLE_NOTEBOOK_COLORS,
  isKindleNotebookUrl,
} from './transfer/kindle-notebook-page-protocol'
export type {
  KindleNotebookAnnotation,
  KindleNotebookBook,
  KindleNotebookBookResult,
  KindleNotebookColor,
  KindleNotebookMessage,
} from './transfer/kindle-notebook-page-protocol'

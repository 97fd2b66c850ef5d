// The web app's AI pieces that every AI screen shares (summaries, AI chat, Ask your library).
export {
  AiProviderContext,
  useAi,
  AI_TURNED_OFF_MESSAGE,
  AI_ENDPOINT_NOT_SET_UP_MESSAGE,
  type AiContextValue,
} from './AiProviderContext'
export {
  AiDailyLimitDialog,
  splitLimitMessage,
  type AiDailyLimitDialogProps,
} from './AiDailyLimitDialog'
export { AiSettingsLink, AiUnavailableNotice, AI_SETTINGS_SECTION_ID } from './AiSettingsLink'
export { showAiErrorToast, AI_ERROR_TOAST_MS, READ_GUIDE_LABEL } from './show-ai-error-toast'
export { AI_SETTINGS_STORAGE_KEY, readAiSettings, writeAiSettings } from './ai-settings-storage'
export { aiUpgradeUrl } from './ai-upgrade-url'
export { Markdown, type MarkdownProps } from './Markdown'
export { parseMarkdown, parseInline, inlineText } from './parse-markdown'
export { downloadBuiltinModel } from './download-builtin-model'

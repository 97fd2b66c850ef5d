// The AI features' user-facing words (spec section 9), named once for the web app and the
// extension. They are the entries of the spec's message catalogue (domain/messages.ts) under the
// names the AI screens use, plus the toast's timing and the troubleshooting guide it links to.
import { Message } from '../domain/messages'

/** Toast on a failed summary or chat (status failed). */
export const AI_ERROR_TOAST = Message.AI_ERROR
/** How long the error toast stays (spec: 5 s). */
export const AI_ERROR_TOAST_DURATION_MS = 5000
/** The error toast's button, opening the troubleshooting guide. */
export const AI_ERROR_TOAST_ACTION = 'Read guide'
/** The web app's path of the AI troubleshooting guide. */
export const AI_TROUBLESHOOTING_PATH = '/help/ai'
/** The AI troubleshooting guide, a page of the production web app. */
export const AI_TROUBLESHOOTING_URL = `https://app.inkmark.app${AI_TROUBLESHOOTING_PATH}`
/** Shown when neither the browser's built-in AI nor an endpoint can summarize. */
export const SUMMARIZER_UNAVAILABLE = Message.SUMMARIZER_UNAVAILABLE
/** The daily-limit popup of summaries. */
export const AI_SUMMARY_DAILY_LIMIT_MESSAGE = Message.AI_SUMMARY_DAILY_LIMIT
/** The daily-limit popup of chats. */
export const AI_CHAT_DAILY_LIMIT_MESSAGE = Message.AI_CHAT_DAILY_LIMIT
/** Appended to an assistant message the user stopped. */
export const AI_CHAT_CANCELLED_BY_USER = Message.CHAT_CANCELLED_BY_USER
/** Appended to an assistant message a newer user message replaced. */
export const AI_CHAT_CANCELLED_BY_NEW_MESSAGE = Message.CHAT_CANCELLED_BY_NEW_MESSAGE
/** Ask your library's answer when no highlight or note matches the question (no model call). */
export const ASK_LIBRARY_NOTHING_FOUND =
  'I found no highlights or notes in your library about this. Try other words, or highlight a page about it first.'

/** Ends a chat answer the model stopped at its length limit (finish_reason 'length'). */
export const AI_CHAT_ANSWER_CUT_NOTE =
  '(The answer was cut off: the model reached its length limit.)'

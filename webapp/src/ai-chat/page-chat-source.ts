// What answers a message of a page's chat: the page's saved article text (the reader's copy, when
// one is saved in this browser), its highlights and notes in the system message, the history
// fitted to the spec's token budget (older messages dropped first), streamed from the provider
// the person chose. Only this page's text is sent.
import {
  pageChatSystemPrompt,
  runChatTurn,
  type AiProvider,
  type Bookmark,
  type LocalStore,
  type Mark,
} from '@inkmark/shared'
import { loadSavedArticle } from '../reader/load-saved-article'
import { reportingDownload } from './reporting-download'
import type { ChatReplySource } from './use-chat-conversation'

/** The reply source of the chat about `bookmark` (its highlights `marks`). */
export function pageChatSource(
  provider: AiProvider,
  store: LocalStore,
  bookmark: Bookmark,
  marks: readonly Mark[],
): ChatReplySource {
  return async ({ history, userMessage, signal, onText, onDownloadProgress }) => {
    const article = await loadSavedArticle(store, { url: bookmark.url })
    const system = pageChatSystemPrompt({
      title: bookmark.title || bookmark.url,
      url: bookmark.url,
      content: article.status === 'ready' ? article.article.textContent : '',
      marks,
    })
    return runChatTurn({
      provider: reportingDownload(provider, onDownloadProgress),
      system,
      history,
      userText: userMessage.content,
      userMessage,
      signal,
      onText,
      now: () => Date.now(),
    })
  }
}

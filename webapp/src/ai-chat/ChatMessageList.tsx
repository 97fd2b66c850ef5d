// The messages of a conversation, oldest first, each under who wrote it ("You" or "AI", read by
// screen readers too), the reply streaming in last (busy until complete: the chat's live region
// says each completed reply once, not every streamed word). Message text is text: it is
// put in the page as text nodes (or the caller's own elements), never as HTML.
import type { AiChatMessage } from '@inkmark/shared'
import type { ReactNode } from 'react'
import { Markdown } from '../ai'

/** Props of ChatMessageList. */
export interface ChatMessageListProps {
  label: string
  messages: readonly AiChatMessage[]
  /** The reply streaming in, undefined when none is. */
  streaming: string | undefined
  /** The AI model's download progress (0 to 1) before the reply, when it is being fetched. */
  downloadProgress?: number | undefined
  /**
   * How an assistant reply's `text` is shown (Ask your library links its citations); `message` is
   * the saved reply, undefined while it streams in (the same link rules apply to both).
   */
  renderAssistant?: (text: string, message?: AiChatMessage) => ReactNode
}

/** The conversation's messages. */
export function ChatMessageList({
  label,
  messages,
  streaming,
  downloadProgress,
  renderAssistant,
}: ChatMessageListProps) {
  return (
    <ol className="chat-messages" aria-label={label}>
      {messages.map((message, index) => (
        <li key={index} className={`chat-message chat-message--${message.role}`}>
          <p className="chat-message__role">{message.role === 'user' ? 'You' : 'AI'}</p>
          {message.role === 'user' ? (
            <div className="chat-message__text">{message.content}</div>
          ) : renderAssistant ? (
            renderAssistant(message.content, message)
          ) : (
            <Markdown className="chat-message__answer" text={message.content} />
          )}
        </li>
      ))}
      {streaming !== undefined && (
        <li className="chat-message chat-message--assistant" aria-busy="true">
          <p className="chat-message__role">AI</p>
          {streaming === '' && downloadProgress !== undefined ? (
            <DownloadProgress fraction={downloadProgress} />
          ) : streaming === '' ? (
            <p className="chat-message__text">Thinking…</p>
          ) : renderAssistant ? (
            renderAssistant(streaming)
          ) : (
            <Markdown className="chat-message__answer" text={streaming} />
          )}
        </li>
      )}
    </ol>
  )
}

function DownloadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100)
  return (
    <p className="chat-message__text">
      <label>
        Downloading the browser’s AI model (once): {percent}% <progress max={100} value={percent} />
      </label>
    </p>
  )
}

// A chat screen: the conversation (saved in the library), its empty state with example questions,
// the message box, Clear conversation (after a confirmation) and the daily limit's popup. The page
// chat and Ask your library are this panel with their own reply source and words.
import { AI_CHAT_DAILY_LIMIT_MESSAGE, type AiChatMessage } from '@inkmark/shared'
import { useState, type ReactNode } from 'react'
import { AiDailyLimitDialog, showAiErrorToast } from '../ai'
import { ConfirmButton } from '../components/ConfirmButton'
import { useToast } from '../components/Toasts'
import { ChatComposer } from './ChatComposer'
import { ChatMessageList } from './ChatMessageList'
import { useChatConversation, type ChatReplySource } from './use-chat-conversation'
import './chat.css'

/** Props of ChatPanel. */
export interface ChatPanelProps {
  referenceId: string
  source: ChatReplySource
  unlimited: boolean
  /** The conversation's accessible name ("Conversation about …"). */
  label: string
  /** The message box's label and placeholder. */
  inputLabel: string
  placeholder: string
  /** Shown while there is no message yet; gets a function that puts a question in the box. */
  emptyState: (ask: (question: string) => void) => ReactNode
  renderAssistant?: (text: string, message?: AiChatMessage) => ReactNode
  /** What the message box holds at first (a question brought from elsewhere). */
  initialDraft?: string | undefined
}

/** One chat screen. */
export function ChatPanel({
  referenceId,
  source,
  unlimited,
  label,
  inputLabel,
  placeholder,
  emptyState,
  renderAssistant,
  initialDraft,
}: ChatPanelProps) {
  const { showToast } = useToast()
  const conversation = useChatConversation({
    referenceId,
    source,
    unlimited,
    onError: (error) => showAiErrorToast(showToast, error),
  })
  const [draft, setDraft] = useState(initialDraft ?? '')
  const composerId = `chat-input-${referenceId}`
  const empty = conversation.messages.length === 0 && conversation.streaming === undefined
  return (
    <div className="chat-panel">
      {empty ? (
        emptyState((question) => {
          setDraft(question)
          document.getElementById(composerId)?.focus()
        })
      ) : (
        <ChatMessageList
          label={label}
          messages={conversation.messages}
          streaming={conversation.streaming}
          downloadProgress={conversation.downloadProgress}
          {...(renderAssistant ? { renderAssistant } : {})}
        />
      )}
      <div className="visually-hidden" role="status" aria-live="polite">
        {conversation.announcement}
      </div>
      {conversation.problem !== undefined && (
        <p className="chat-problem" role="alert">
          {conversation.problem}
        </p>
      )}
      <ChatComposer
        id={composerId}
        label={inputLabel}
        placeholder={placeholder}
        draft={draft}
        onDraftChange={setDraft}
        onSend={conversation.send}
        streaming={conversation.streaming !== undefined}
        onStop={conversation.stop}
      />
      {!empty && (
        <div className="chat-clear">
          <ConfirmButton
            label="Clear conversation"
            question="Delete every message of this conversation? This cannot be undone."
            confirmLabel="Clear conversation"
            onConfirm={() => void conversation.clear()}
          />
        </div>
      )}
      <AiDailyLimitDialog
        message={AI_CHAT_DAILY_LIMIT_MESSAGE}
        isOpen={conversation.limitReached}
        onClose={conversation.dismissLimit}
      />
    </div>
  )
}

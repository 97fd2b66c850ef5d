// Chat about the page, in the sidebar: the page's text, its highlights and notes as the system
// message (the spec's budget), the answer streaming in, Stop ('Cancelled by user'), a message sent
// while one streams ('Cancelled by sending new message'), every message kept in the page's chat
// through the background (so it syncs). The daily limit's popup comes before a chat's first message
// of the day; a QuotaExceededError is explained in place.
import { Button, TextArea, type ToastQueue } from '@inkmark/design'
import {
  AI_CHAT_DAILY_LIMIT_MESSAGE,
  ChatTurns,
  aiChatAllowance,
  aiErrorMessage,
  isQuotaExceededError,
  pageChatSystemPrompt,
  planHasUnlimitedAi,
  type AiChatMessage,
  type AiProvider,
} from '@inkmark/shared'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { bookmarkForPage } from '../../pages/ai/page-bookmark'
import type { PageText } from '../../pages/ai/page-text'
import type { AiReadiness } from '../../pages/ai/use-ai-provider'
import { loadAiAccess } from '../../pages/session-client'
import { callStore } from '../../pages/store-client'
import { DailyLimitDialog } from './AiNotices'
import { logAiFailure, showAiErrorToast } from './ai-toasts'
import { MarkdownText } from './MarkdownText'

export interface ChatPanelProps {
  /** The provider this device chose (the parent shows why when none can run). */
  readiness: AiReadiness
  pageUrl: string
  loadPage: () => Promise<PageText>
  toasts: ToastQueue
}

interface Conversation {
  /** The chat's messages as kept. */
  log: readonly AiChatMessage[]
  /** A message sent whose turn has not started yet. */
  pending?: string
  /** The reply streaming in. */
  streaming?: string
}

/** The chat's turns, made at the first message: the page's text, highlights and notes. */
async function startTurns(
  provider: AiProvider,
  page: PageText,
  bookmarkId: string,
  messages: readonly AiChatMessage[],
): Promise<ChatTurns> {
  const marks = await callStore('getMarksForBookmark', bookmarkId)
  return new ChatTurns({
    provider,
    system: pageChatSystemPrompt({
      title: page.title,
      url: page.url,
      content: page.text,
      marks,
    }),
    messages,
    save: async (added) => {
      await callStore('appendAiChatMessages', bookmarkId, added, Date.now())
    },
    now: Date.now,
  })
}

/** The chat section of the sidebar. */
export function ChatPanel({ readiness, pageUrl, loadPage, toasts }: ChatPanelProps) {
  const [conversation, setConversation] = useState<Conversation>({ log: [] })
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState('')
  const [limitOpen, setLimitOpen] = useState(false)
  const turns = useRef<Promise<ChatTurns>>()
  const latest = useRef(0)
  const headingId = useId()

  // The page's chat so far, when it has one.
  useEffect(() => {
    let live = true
    void (async () => {
      const bookmark = await callStore('getBookmarkForUrl', pageUrl)
      const chat = bookmark ? await callStore('getAiChatByReferenceId', bookmark._id) : undefined
      if (live && chat?.messages && turns.current === undefined) {
        setConversation({ log: chat.messages })
      }
    })().catch(() => undefined)
    return () => {
      live = false
    }
  }, [pageUrl])

  // Closing the sidebar stops the reply streaming in (what streamed is kept with the note).
  useEffect(
    () => () => {
      void turns.current?.then((chat) => chat.cancel())
    },
    [],
  )

  const streaming = conversation.streaming !== undefined || conversation.pending !== undefined

  const send = async () => {
    const text = draft.trim()
    if (readiness.kind !== 'ready' || text === '') {
      return
    }
    setProblem('')
    const turn = ++latest.current
    try {
      const [chats, access, existing] = await Promise.all([
        callStore('getAiChatsForAiLimits'),
        loadAiAccess(),
        callStore('getBookmarkForUrl', pageUrl),
      ])
      const allowance = aiChatAllowance(
        chats,
        existing?._id ?? '',
        Date.now(),
        planHasUnlimitedAi(access.plan),
      )
      if (!allowance.allowed) {
        setLimitOpen(true)
        return
      }
      setDraft('')
      setConversation((current) => ({ ...current, pending: text, streaming: '' }))
      turns.current ??= (async () => {
        const page = await loadPage()
        const bookmark = existing ?? (await bookmarkForPage(page.url, page.title))
        const chat = bookmark ? await callStore('getAiChatByReferenceId', bookmark._id) : undefined
        return startTurns(readiness.provider, page, bookmark._id, chat?.messages ?? [])
      })()
      const chat = await turns.current.catch((error: unknown) => {
        turns.current = undefined
        throw error
      })
      await chat.send(text, (reply) => {
        if (latest.current === turn) {
          setConversation({ log: [...chat.messages], streaming: reply })
        }
      })
      setConversation((current) =>
        latest.current === turn
          ? { log: [...chat.messages] }
          : { ...current, log: [...chat.messages] },
      )
    } catch (error) {
      if (latest.current !== turn) {
        return
      }
      const chat = await turns.current?.catch(() => undefined)
      // The turn failed: what was kept (the user's message), no reply streaming any more.
      setConversation((current) => ({ log: chat ? [...chat.messages] : current.log }))
      if (isQuotaExceededError(error)) {
        setProblem(aiErrorMessage(error))
      } else {
        logAiFailure('chat', error)
        showAiErrorToast(toasts)
      }
    }
  }

  const stop = () => {
    void turns.current?.then((chat) => chat.cancel())
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      void send()
    }
  }

  const shown: { role: string; content: string; live?: boolean }[] = [
    ...conversation.log.filter((message) => message.role !== 'system'),
    ...(conversation.pending !== undefined &&
    conversation.log.at(-1)?.content !== conversation.pending
      ? [{ role: 'user', content: conversation.pending }]
      : []),
    ...(conversation.streaming
      ? [{ role: 'assistant', content: conversation.streaming, live: true }]
      : []),
  ]

  return (
    <section className="ai-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="ai-heading">
        Chat about this page
      </h2>
      <>
        {shown.length === 0 ? (
          <p className="ai-explain">
            Ask about this page: its text, your highlights and your notes go to the AI you chose.
          </p>
        ) : (
          <ol className="ai-chat" aria-label="Messages" aria-busy={streaming}>
            {shown.map((message, index) => (
              <li
                key={index}
                className={`ai-message ai-message--${message.role}`}
                data-live={message.live ? '' : undefined}
              >
                <span className="ai-message-author">{message.role === 'user' ? 'You' : 'AI'}</span>
                <MarkdownText text={message.content} />
              </li>
            ))}
          </ol>
        )}
        {problem ? (
          <p className="ai-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <form
          className="ai-compose"
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          <TextArea
            label="Message"
            value={draft}
            onChange={setDraft}
            onKeyDown={onKeyDown}
            placeholder="Ask about this page"
          />
          <div className="ai-actions">
            <Button
              type="submit"
              variant="primary"
              size="sm"
              isDisabled={readiness.kind !== 'ready' || draft.trim() === ''}
            >
              Send
            </Button>
            {streaming ? (
              <Button variant="secondary" size="sm" onPress={stop}>
                Stop
              </Button>
            ) : null}
          </div>
        </form>
      </>
      <DailyLimitDialog
        message={AI_CHAT_DAILY_LIMIT_MESSAGE}
        isOpen={limitOpen}
        onClose={() => setLimitOpen(false)}
      />
    </section>
  )
}

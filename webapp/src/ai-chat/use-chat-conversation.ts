// One conversation with the AI, saved in the library's aichats entity of `referenceId` (a page's
// chat, or the library chat of Ask your library): the saved messages, the reply streaming in,
// Stop and a new message cancelling it (keeping what streamed, with the spec's note), the daily
// limit checked before each message, and the errors said plainly. What is asked and how is the
// `source`'s business (page chat or Ask your library, both on the shared runChatTurn), so both
// screens share this one flow.
import {
  AiChatCancelReason,
  AiChatRole,
  aiChatAllowance,
  createAiChatMessage,
  isQuotaExceededError,
  type AiChatMessage,
} from '@inkmark/shared'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLibraryVersion, useLocalStore } from '../library/LibraryProvider'
import { chatOf, QUOTA_EXCEEDED_EXPLANATION } from './chat-messages'

/**
 * What answers a message: given the saved history and the (already saved) user message, the
 * reply, streamed through `onText`. Aborting `signal` (its reason an AiChatCancelReason) resolves
 * with what streamed and the note; a failure rejects.
 */
export type ChatReplySource = (turn: {
  history: readonly AiChatMessage[]
  userMessage: AiChatMessage
  signal: AbortSignal
  onText: (fullTextSoFar: string) => void
  /** The built-in model's download progress (0 to 1), when it must be fetched first. */
  onDownloadProgress: (fraction: number) => void
}) => Promise<{ assistant: AiChatMessage }>

/** Options of useChatConversation. */
export interface ChatConversationOptions {
  referenceId: string
  source: ChatReplySource | undefined
  /** Whether the person's plan has unlimited AI (no daily limit). */
  unlimited: boolean
  /** Called with an error the conversation does not explain itself (the spec's toast). */
  onError: (error: unknown) => void
}

/** The state and actions of one conversation. */
export interface ChatConversation {
  /** The saved messages, the latest last. */
  messages: readonly AiChatMessage[]
  /** The reply streaming in (undefined when none is). */
  streaming: string | undefined
  /** The AI model's download progress (0 to 1) while the browser fetches it before replying. */
  downloadProgress: number | undefined
  /** A plain sentence about the last failure (the input quota), until the next message. */
  problem: string | undefined
  /** What the live region says: the last completed reply. */
  announcement: string
  /** Whether the daily limit stopped the last message (the upgrade popup shows). */
  limitReached: boolean
  dismissLimit: () => void
  /** Sends `text`; false when the daily limit stopped it (keep the draft). */
  send: (text: string) => Promise<boolean>
  /** Stops the streaming reply (keeping what streamed, 'Cancelled by user'). */
  stop: () => void
  /** Deletes the conversation's messages. */
  clear: () => Promise<void>
}

interface RunningReply {
  controller: AbortController
  done: Promise<void>
}

/** The conversation of `referenceId`, saved in the library. */
export function useChatConversation({
  referenceId,
  source,
  unlimited,
  onError,
}: ChatConversationOptions): ChatConversation {
  const store = useLocalStore()
  const version = useLibraryVersion()
  const [messages, setMessages] = useState<readonly AiChatMessage[]>([])
  const [streaming, setStreaming] = useState<string | undefined>(undefined)
  const [downloadProgress, setDownloadProgress] = useState<number | undefined>(undefined)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [announcement, setAnnouncement] = useState('')
  const [limitReached, setLimitReached] = useState(false)
  const running = useRef<RunningReply | undefined>(undefined)
  /** Counts the messages sent: a read of the saved messages started before one is stale. */
  const sent = useRef(0)
  const onErrorRef = useRef(onError)
  onErrorRef.current = onError

  // The saved messages, again whenever the library changes (a write here, or sync from another
  // device), except while a reply streams: then this screen's own state is the newer.
  useEffect(() => {
    if (running.current !== undefined) {
      return
    }
    let live = true
    const sentBefore = sent.current
    void store.getAiChatByReferenceId(referenceId).then((chat) => {
      // A message sent while this read was on its way (and its reply, maybe done already) is
      // newer than what the read found: keep the screen's own state.
      if (live && running.current === undefined && sent.current === sentBefore) {
        setMessages(visibleMessages(chat?.messages ?? []))
      }
    })
    return () => {
      live = false
    }
  }, [store, referenceId, version])

  // Leaving the screen stops the reply (what streamed is saved as cancelled by the person).
  useEffect(() => () => running.current?.controller.abort(AiChatCancelReason.BY_USER), [])

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      sent.current++
      const previous = running.current
      if (previous !== undefined) {
        previous.controller.abort(AiChatCancelReason.BY_NEW_MESSAGE)
        await previous.done
      }
      if (source === undefined) {
        return false
      }
      // A reply still being saved (its screen left at once after it streamed in) counts today.
      await store.settled()
      if (
        !aiChatAllowance(store.getAiChatsForAiLimits(), referenceId, Date.now(), unlimited).allowed
      ) {
        setLimitReached(true)
        return false
      }
      setProblem(undefined)
      const history = visibleMessages(
        (await store.getAiChatByReferenceId(referenceId))?.messages ?? [],
      )
      const question = createAiChatMessage(AiChatRole.USER, text, Date.now())
      setMessages([...history, question])
      setStreaming('')
      const controller = new AbortController()
      // The reply takes the streaming one's place once it is saved: a reply shown as done is
      // one a reload (or a closed tab) keeps.
      const finish = async (reply: AiChatMessage) => {
        await store.appendAiChatMessages(referenceId, [reply], Date.now())
        setMessages([...history, question, reply])
        setStreaming(undefined)
        setAnnouncement(`AI replied: ${reply.content}`)
      }
      const done = (async () => {
        try {
          await store.appendAiChatMessages(referenceId, [question], Date.now())
          const turn = await source({
            history,
            userMessage: question,
            signal: controller.signal,
            onText: (text) => {
              setDownloadProgress(undefined)
              setStreaming(text)
            },
            onDownloadProgress: setDownloadProgress,
          })
          await finish(turn.assistant)
        } catch (error) {
          if (isQuotaExceededError(error)) {
            setProblem(QUOTA_EXCEEDED_EXPLANATION)
          } else {
            onErrorRef.current(error)
          }
        } finally {
          running.current = undefined
          setStreaming(undefined)
          setDownloadProgress(undefined)
        }
      })()
      running.current = { controller, done }
      return true
    },
    [store, referenceId, source, unlimited],
  )

  const stop = useCallback(() => {
    running.current?.controller.abort(AiChatCancelReason.BY_USER)
  }, [])

  const clear = useCallback(async () => {
    const current = running.current
    if (current !== undefined) {
      current.controller.abort(AiChatCancelReason.BY_USER)
      await current.done
    }
    const chat = chatOf(store.getAllAiChats(), referenceId)
    if (chat !== undefined) {
      await store.setAiChatMessages(chat._id, [])
    }
    setMessages([])
    setProblem(undefined)
    setAnnouncement('Conversation cleared.')
  }, [store, referenceId])

  return {
    messages,
    streaming,
    downloadProgress,
    problem,
    announcement,
    limitReached,
    dismissLimit: () => setLimitReached(false),
    send,
    stop,
    clear,
  }
}

/** The messages a person sees (a system message, should another app save one, is not). */
function visibleMessages(messages: readonly AiChatMessage[]): AiChatMessage[] {
  return messages.filter((message) => message.role !== AiChatRole.SYSTEM)
}

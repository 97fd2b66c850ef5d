// The page detail's AI chat tab: a conversation about this page (its saved article, highlights
// and notes) with the AI the person chose in settings, or, with none usable, what to do about it.
import { EmptyState } from '@inkmark/design'
import type { Bookmark, Mark } from '@inkmark/shared'
import { useMemo } from 'react'
import { useAi } from '../ai'
import { useLocalStore } from '../library/LibraryProvider'
import { AiSetupNeeded } from './AiSetupNeeded'
import { ChatPanel } from './ChatPanel'
import { ExampleQuestions } from './ExampleQuestions'
import { pageChatSource } from './page-chat-source'

const PAGE_EXAMPLES = [
  'What is this page about, in three sentences?',
  'What do my highlights have in common?',
  'Which points of this page did I not highlight?',
]

/** The AI chat about `bookmark`. */
export function PageChatPanel({ bookmark, marks }: { bookmark: Bookmark; marks: readonly Mark[] }) {
  const { provider, availability, unavailableMessage, unlimited } = useAi()
  const store = useLocalStore()
  const source = useMemo(
    () => (provider ? pageChatSource(provider, store, bookmark, marks) : undefined),
    [provider, store, bookmark, marks],
  )
  if (source === undefined || availability === 'unavailable') {
    return <AiSetupNeeded message={unavailableMessage} />
  }
  const title = bookmark.title || bookmark.url
  return (
    <ChatPanel
      referenceId={bookmark._id}
      source={source}
      unlimited={unlimited}
      label={`Conversation about ${title}`}
      inputLabel="Ask about this page"
      placeholder="Ask a question about this page"
      emptyState={(ask) => (
        <EmptyState title="Chat about this page" icon="💬">
          <p>
            Ask the AI about this page: it reads the page’s saved copy and your highlights and notes
            on it, nothing else from your library.
          </p>
          <ExampleQuestions questions={PAGE_EXAMPLES} onAsk={ask} />
        </EmptyState>
      )}
    />
  )
}

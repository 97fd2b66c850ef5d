// /ask, Ask your library: a chat over all of the person's highlights and notes. Each question is
// answered from the passages the library's search index finds for it, and the answer cites them
// as links to the highlights. Saved as the library chat (ASK_LIBRARY_CHAT_REFERENCE_ID), so it
// syncs like a page's chat and counts toward the same daily limit.
import { EmptyState } from '@inkmark/design'
import { ASK_LIBRARY_CHAT_REFERENCE_ID, type AiChatMessage } from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useMemo, useRef } from 'react'
import { useAi } from '../ai'
import { AiSetupNeeded } from '../ai-chat/AiSetupNeeded'
import { ChatPanel } from '../ai-chat/ChatPanel'
import { ExampleQuestions } from '../ai-chat/ExampleQuestions'
import { useAiChatEnabled } from '../ai-chat/use-ai-chat-enabled'
import { useLibraryQuery, useLibraryVersion, useLocalStore } from '../library/LibraryProvider'
import { readyLibraryIndex } from '../search/library-index'
import { askLibrarySource, savedPassages } from './ask-library-source'
import { CitedAnswer } from './CitedAnswer'
import '../ai-chat/chat.css'

const LIBRARY_EXAMPLES = [
  'What have I read about habits?',
  'Which of my notes disagree with each other?',
  'Summarise what I highlighted about memory.',
]

/** The Ask your library page; `question` is put in the message box (not sent). */
export function AskLibraryPage({ question }: { question?: string | undefined }) {
  return (
    <article className="ask-library" aria-labelledby="ask-library-heading">
      <h1 id="ask-library-heading">Ask your library</h1>
      <p className="ask-library__intro">
        Questions are answered from your own highlights and notes only, with a link to each one
        used.
      </p>
      <AskLibraryContent question={question} />
    </article>
  )
}

function AskLibraryContent({ question }: { question: string | undefined }) {
  const chatEnabled = useAiChatEnabled()
  const { provider, availability, unavailableMessage, unlimited } = useAi()
  const store = useLocalStore()
  const version = useLibraryVersion()
  const versionRef = useRef(version)
  versionRef.current = version
  const hasMarks = useLibraryQuery((library) => library.getAllMarks().length > 0, [])
  const source = useMemo(
    () =>
      provider
        ? askLibrarySource(provider, () => readyLibraryIndex(store, versionRef.current))
        : undefined,
    [provider, store],
  )
  if (!chatEnabled) {
    return (
      <EmptyState title="AI chat is turned off" icon="💬">
        <p>The Inkmark server this app uses has turned AI chat off.</p>
      </EmptyState>
    )
  }
  if (!hasMarks) {
    return (
      <EmptyState
        title="Nothing to ask yet"
        icon="🖍️"
        action={
          <Link className="button" to="/">
            Go to the dashboard
          </Link>
        }
      >
        <p>
          Ask your library answers from your highlights and notes. Highlight passages of pages with
          the Inkmark extension, or write your own text with Add content, then ask about them here.
        </p>
      </EmptyState>
    )
  }
  if (source === undefined || availability === 'unavailable') {
    return <AiSetupNeeded message={unavailableMessage} />
  }
  return (
    <ChatPanel
      key={question ?? ''}
      referenceId={ASK_LIBRARY_CHAT_REFERENCE_ID}
      initialDraft={question}
      source={source}
      unlimited={unlimited}
      label="Questions to your library"
      inputLabel="Ask your library"
      placeholder="Ask a question about what you have highlighted"
      emptyState={(ask) => (
        <EmptyState title="Ask about what you have read" icon="🔎">
          <p>
            Only the highlights and notes that match your question are sent to the AI you chose,
            nothing else from your library.
          </p>
          <ExampleQuestions questions={LIBRARY_EXAMPLES} onAsk={ask} />
        </EmptyState>
      )}
      renderAssistant={(text: string, message?: AiChatMessage) => (
        <CitedAnswer text={text} passages={message === undefined ? [] : savedPassages(message)} />
      )}
    />
  )
}

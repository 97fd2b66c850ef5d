import { EmptyState } from '@inkmark/design'
import { Link } from '@tanstack/react-router'

/** What a chat shows when no AI can answer here: why, and the settings that fix it. */
export function AiSetupNeeded({ message }: { message: string | undefined }) {
  return (
    <EmptyState
      title="Choose an AI to chat with"
      icon="🤖"
      action={
        <Link className="button" to="/settings" search={{ view: 'settings' }} hash="ai">
          Open the AI settings
        </Link>
      }
    >
      <p>
        {message ?? 'No AI is set up in this browser.'} Use this browser’s built-in AI where it has
        one, or an OpenAI-compatible endpoint (a local model with Ollama, LM Studio or llama.cpp, or
        a hosted service).
      </p>
    </EmptyState>
  )
}

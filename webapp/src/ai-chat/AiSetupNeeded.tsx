import { EmptyState } from '@inkmark/design'
import { AiSettingsLink } from '../ai'

/** What a chat shows when no AI can answer here: why, and the settings that fix it. */
export function AiSetupNeeded({ message }: { message: string | undefined }) {
  return (
    <EmptyState
      title="Choose an AI to chat with"
      icon="🤖"
      action={<AiSettingsLink>Open the AI settings</AiSettingsLink>}
    >
      <p>
        {message ?? 'No AI is set up in this browser.'} Chat works with this browser’s built-in AI
        where it has one, or with an OpenAI-compatible endpoint (a local model with Ollama, LM
        Studio or llama.cpp, or a hosted service).
      </p>
    </EmptyState>
  )
}

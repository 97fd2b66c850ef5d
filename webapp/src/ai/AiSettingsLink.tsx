// The way to the AI settings (the AI section of Settings, #ai) from every AI screen, and the notice
// an AI screen shows when the chosen provider cannot run: the reason and the link that fixes it.
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import './ai.css'

/** The id of the AI section on the Settings view (the link's fragment). */
export const AI_SETTINGS_SECTION_ID = 'ai'

/** A link to the AI settings of this device. */
export function AiSettingsLink({ children = 'AI settings' }: { children?: ReactNode }) {
  return (
    <Link to="/settings" search={{ view: 'settings' }} hash={AI_SETTINGS_SECTION_ID}>
      {children}
    </Link>
  )
}

/** Why AI cannot run here, with the link to the settings that change it. */
export function AiUnavailableNotice({ message }: { message: string }) {
  return (
    <div className="ai-unavailable" role="status">
      <p>{message}</p>
      <p>
        Choose the browser&apos;s built-in AI or an OpenAI-compatible endpoint in <AiSettingsLink />
        .
      </p>
    </div>
  )
}

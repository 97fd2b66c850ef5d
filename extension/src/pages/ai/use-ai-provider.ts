// The AI provider this device chose (chrome.storage.local `aiSettings`), made in this extension
// page: the browser's built-in AI runs here (the sidebar frame or the reader tab; never in the
// content script, where the page is, nor in the service worker, which has no Summarizer), and an
// endpoint is called from here with the extension's host permission (ADR 050).
import {
  createAiProvider,
  type AiAvailability,
  type AiProvider,
  type AiSettings,
} from '@inkmark/shared'
import { useEffect, useMemo, useState } from 'react'
import { useAiSettings } from './ai-settings-storage'

/** Where the chosen provider stands: still asking, turned off, or its availability. */
export type AiReadiness =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'ready'; provider: AiProvider; availability: AiAvailability }

/** The provider the settings name (undefined when AI is off). */
export function providerFor(settings: AiSettings): AiProvider | undefined {
  return createAiProvider(settings, { scope: globalThis })
}

/** The chosen provider and its availability, asked again whenever the settings change. */
export function useAiProvider(): AiReadiness {
  const settings = useAiSettings()
  const provider = useMemo(() => (settings ? providerFor(settings) : undefined), [settings])
  const [readiness, setReadiness] = useState<AiReadiness>({ kind: 'loading' })
  useEffect(() => {
    if (!settings) {
      setReadiness({ kind: 'loading' })
      return
    }
    if (!provider) {
      setReadiness({ kind: 'off' })
      return
    }
    let live = true
    setReadiness({ kind: 'loading' })
    provider.availability().then(
      (availability) => live && setReadiness({ kind: 'ready', provider, availability }),
      () => live && setReadiness({ kind: 'ready', provider, availability: 'unavailable' }),
    )
    return () => {
      live = false
    }
  }, [settings, provider])
  return readiness
}

/** Whether no provider can run here: AI turned off, or the chosen one unavailable. */
export function isAiUnusable(readiness: AiReadiness): boolean {
  return (
    readiness.kind === 'off' ||
    (readiness.kind === 'ready' && readiness.availability === 'unavailable')
  )
}

// The AI context every AI screen of the web app uses (summaries, the page's AI chat, Ask your
// library). It holds this device's AI settings (localStorage `inkmark.aiSettings`, never synced:
// ./ai-settings-storage.ts), the provider they choose and whether it can run, and whether the
// signed-in plan has unlimited AI. Mounted once in the app root (../shell/AppRoot.tsx).
//
// useAi() returns:
//   settings          the device's AiSettings (provider 'builtin' | 'openai-compatible' | 'off',
//                     endpoint { baseUrl, model, apiKey? })
//   setSettings(s)    saves new settings (this device only) and makes a new provider from them
//   provider          the AiProvider the settings choose; undefined when AI is off
//   availability      the provider's availability() ('available' | 'downloadable' | 'downloading' |
//                     'unavailable'), 'checking' while it is being asked; 'unavailable' when off
//   unavailableMessage  a sentence for people when the provider cannot run (with AiSettingsLink
//                     beside it), undefined otherwise
//   unlimited         whether the plan has unlimited AI (trial, Ultimate); false signed out
//   refreshAvailability()  asks the provider again (after a model download, say)
// Another tab's change to the settings shows here too (the storage event).
// The provider is asked only once a screen that uses AI is shown (useAi), not when the app starts:
// most screens need no answer, and a pending built-in AI call (Chromium's Summarizer and
// LanguageModel) is work for the browser on every page load.
import {
  Plan,
  SUMMARIZER_UNAVAILABLE,
  createAiProvider,
  planHasUnlimitedAi,
  type AiAvailability,
  type AiProvider,
  type AiSettings,
} from '@inkmark/shared'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import { useSession } from '../account/SessionProvider'
import { AI_SETTINGS_STORAGE_KEY, readAiSettings, writeAiSettings } from './ai-settings-storage'

/** What useAi() gives an AI screen. */
export interface AiContextValue {
  settings: AiSettings
  setSettings: (settings: AiSettings) => void
  provider: AiProvider | undefined
  availability: AiAvailability | 'checking'
  unavailableMessage?: string
  unlimited: boolean
  refreshAvailability: () => void
  /** Asks the provider, once, if no screen has yet (useAi calls it when its screen mounts). */
  wantAvailability: () => void
}

/** Said when the person turned AI off on this device. */
export const AI_TURNED_OFF_MESSAGE = 'AI is turned off on this device.'
/** Said when the endpoint was chosen but its address or model is missing. */
export const AI_ENDPOINT_NOT_SET_UP_MESSAGE =
  'The AI endpoint is not set up yet: enter its address and model.'

function unavailableMessageOf(provider: AiProvider | undefined): string {
  if (provider === undefined) {
    return AI_TURNED_OFF_MESSAGE
  }
  return provider.kind === 'openai-compatible'
    ? AI_ENDPOINT_NOT_SET_UP_MESSAGE
    : SUMMARIZER_UNAVAILABLE
}

const AiContext = createContext<AiContextValue | null>(null)

/** Provides the AI settings, provider and plan allowance to `children`. */
export function AiProviderContext({ children }: { children: ReactNode }) {
  const { session } = useSession()
  const [settings, setSettingsState] = useState(() => readAiSettings(localStorage))
  const [checked, setChecked] = useState<{
    provider: AiProvider | undefined
    availability: AiAvailability
  }>()
  const [generation, setGeneration] = useState(0)
  const [wanted, setWanted] = useState(false)

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AI_SETTINGS_STORAGE_KEY || event.key === null) {
        setSettingsState(readAiSettings(localStorage))
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const setSettings = useCallback((next: AiSettings) => {
    writeAiSettings(localStorage, next)
    setSettingsState(next)
  }, [])

  const provider = useMemo(() => createAiProvider(settings), [settings])

  useEffect(() => {
    let live = true
    if (provider === undefined) {
      setChecked({ provider, availability: 'unavailable' })
      return
    }
    if (!wanted) {
      return
    }
    provider
      .availability()
      .catch(() => 'unavailable' as const)
      .then((availability) => live && setChecked({ provider, availability }))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [provider, generation, wanted])

  const refreshAvailability = useCallback(() => setGeneration((count) => count + 1), [])
  const wantAvailability = useCallback(() => setWanted(true), [])
  const availability =
    checked !== undefined && checked.provider === provider ? checked.availability : 'checking'
  const unlimited = planHasUnlimitedAi(session?.plan ?? Plan.OFFLINE)

  const value = useMemo<AiContextValue>(
    () => ({
      settings,
      setSettings,
      provider,
      availability,
      ...(availability === 'unavailable'
        ? { unavailableMessage: unavailableMessageOf(provider) }
        : {}),
      unlimited,
      refreshAvailability,
      wantAvailability,
    }),
    [
      settings,
      setSettings,
      provider,
      availability,
      unlimited,
      refreshAvailability,
      wantAvailability,
    ],
  )
  return <AiContext.Provider value={value}>{children}</AiContext.Provider>
}

/** The AI context; needs AiProviderContext above. */
export function useAi(): AiContextValue {
  const value = useContext(AiContext)
  if (value === null) {
    throw new Error('useAi needs an AiProviderContext above')
  }
  const { wantAvailability } = value
  useEffect(wantAvailability, [wantAvailability])
  return value
}

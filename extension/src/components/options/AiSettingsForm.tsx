// The extension's AI settings: which provider summarizes and chats on this device (the browser's
// built-in AI, an OpenAI-compatible endpoint, or none), the endpoint's address, model and optional
// key, and a connection test. Kept in chrome.storage.local (device-local, never synced, never in a
// backup); the endpoint is called from the extension's pages under its host permission (ADR 050).
import { Button, Select, TextField } from '@inkmark/design'
import {
  DEFAULT_AI_SETTINGS,
  EXAMPLE_ENDPOINT_BASE_URL,
  isValidEndpointBaseUrl,
  testAiEndpoint,
  type AiAvailability,
  type AiProviderChoice,
  type AiSettings,
} from '@inkmark/shared'
import { useEffect, useId, useState } from 'react'
import { loadAiSettings, saveAiSettings } from '../../pages/ai/ai-settings-storage'
import { providerFor } from '../../pages/ai/use-ai-provider'

const PROVIDER_OPTIONS: { id: AiProviderChoice; label: string }[] = [
  { id: 'builtin', label: 'Built-in AI of this browser' },
  { id: 'openai-compatible', label: 'OpenAI-compatible endpoint' },
  { id: 'off', label: 'Off' },
]

const BUILTIN_TEXT: Record<AiAvailability, string> = {
  available: 'The browser’s built-in AI is ready.',
  downloadable: 'The browser downloads its AI model the first time you summarize or chat.',
  downloading: 'The browser is downloading its AI model.',
  unavailable:
    'The browser’s built-in AI is not available here (Chrome 138 or later on a capable computer). Use an endpoint instead.',
}

type TestState =
  | { kind: 'idle' }
  | { kind: 'testing' }
  | { kind: 'ok'; models: string[] }
  | { kind: 'failed'; message: string }

/** The AI settings form of the options page. */
export function AiSettingsForm() {
  const [settings, setSettings] = useState<AiSettings>()
  const [builtin, setBuiltin] = useState<AiAvailability>()
  const [test, setTest] = useState<TestState>({ kind: 'idle' })
  const [saved, setSaved] = useState('')
  const headingId = useId()

  useEffect(() => {
    loadAiSettings().then(setSettings, () => setSettings(DEFAULT_AI_SETTINGS))
    providerFor(DEFAULT_AI_SETTINGS)
      ?.availability()
      .then(setBuiltin, () => setBuiltin('unavailable'))
  }, [])

  if (!settings) {
    return <p role="status">Loading the AI settings…</p>
  }

  const endpoint = settings.endpoint
  const change = (next: AiSettings) => {
    setSettings(next)
    setSaved('')
  }
  const changeEndpoint = (fields: Partial<AiSettings['endpoint']>) => {
    const merged = { ...endpoint, ...fields }
    if (merged.apiKey === '') {
      delete merged.apiKey
    }
    change({ ...settings, endpoint: merged })
    setTest({ kind: 'idle' })
  }
  const baseUrlError =
    endpoint.baseUrl !== '' && !isValidEndpointBaseUrl(endpoint.baseUrl)
      ? 'Enter an address starting with http:// or https://, without a user name or password.'
      : undefined
  const endpointIncomplete =
    settings.provider === 'openai-compatible' &&
    (baseUrlError !== undefined || endpoint.baseUrl === '' || endpoint.model.trim() === '')

  const runTest = async () => {
    setTest({ kind: 'testing' })
    const result = await testAiEndpoint({
      baseUrl: endpoint.baseUrl,
      ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
    })
    setTest(
      result.ok
        ? { kind: 'ok', models: result.models }
        : { kind: 'failed', message: result.message },
    )
  }

  const save = async () => {
    try {
      await saveAiSettings(settings)
      setSaved('Saved on this device.')
    } catch {
      setSaved('Could not save the settings. Try again.')
    }
  }

  return (
    <section className="options-section" aria-labelledby={headingId}>
      <h2 id={headingId}>AI summaries and chat</h2>
      <p className="options-explain">
        The page you summarize or chat about goes only to the AI you choose here. These settings
        stay on this device: they are not synced and not in a backup.
      </p>
      <form
        className="options-form"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <Select
          label="AI provider"
          options={PROVIDER_OPTIONS}
          selectedKey={settings.provider}
          onSelectionChange={(id) => change({ ...settings, provider: id as AiProviderChoice })}
        />
        {settings.provider === 'builtin' && builtin ? (
          <p className="options-explain" role="status">
            {BUILTIN_TEXT[builtin]}
          </p>
        ) : null}
        {settings.provider === 'openai-compatible' ? (
          <>
            <TextField
              label="Base URL"
              type="url"
              value={endpoint.baseUrl}
              onChange={(baseUrl) => changeEndpoint({ baseUrl })}
              placeholder={EXAMPLE_ENDPOINT_BASE_URL}
              description="Ollama, LM Studio, llama.cpp server, vLLM or a hosted service; usually ends in /v1."
              errorMessage={baseUrlError}
              isInvalid={baseUrlError !== undefined}
            />
            <TextField
              label="Model"
              value={endpoint.model}
              onChange={(model) => changeEndpoint({ model })}
              placeholder="llama3.2"
            />
            <TextField
              label="API key (optional)"
              type="password"
              autoComplete="off"
              value={endpoint.apiKey ?? ''}
              onChange={(apiKey) => changeEndpoint({ apiKey })}
              description="Stays on this device: never synced, never in a backup, sent only to this endpoint."
            />
            <div className="options-actions">
              <Button
                variant="secondary"
                isDisabled={
                  endpoint.baseUrl === '' || baseUrlError !== undefined || test.kind === 'testing'
                }
                onPress={() => void runTest()}
              >
                Test connection
              </Button>
            </div>
            <p className="options-explain" role="status">
              {test.kind === 'testing' ? 'Testing the connection…' : null}
              {test.kind === 'ok'
                ? test.models.length === 0
                  ? 'Connected. The endpoint lists no models.'
                  : `Connected. Models: ${test.models.slice(0, 20).join(', ')}`
                : null}
            </p>
            {test.kind === 'failed' ? (
              <p className="options-problem" role="alert">
                {test.message}
              </p>
            ) : null}
          </>
        ) : null}
        <div className="options-actions">
          <Button type="submit" variant="primary" isDisabled={endpointIncomplete}>
            Save
          </Button>
          <span role="status" className="options-explain">
            {saved}
          </span>
        </div>
      </form>
    </section>
  )
}

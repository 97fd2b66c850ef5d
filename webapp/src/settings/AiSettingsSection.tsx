// The AI section of the Settings view (#ai): which AI this device uses for summaries and chat, the
// browser's built-in AI, an OpenAI-compatible endpoint or none, and what each needs. Built-in shows
// whether the browser can run it and, when its model must be fetched first, a Download button
// with the progress. The endpoint has its base URL, model (picked from what Test connection found
// at GET /models, or typed) and an optional API key. Everything here is this device's own
// (localStorage `inkmark.aiSettings` through useAi): never synced, never in a backup (ADR 048).
import { Button, Select, TextField } from '@inkmark/design'
import {
  EXAMPLE_ENDPOINT_BASE_URL,
  SUMMARIZER_UNAVAILABLE,
  countLabel,
  testAiEndpoint,
  type AiSettings,
} from '@inkmark/shared'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useAi } from '../ai/AiProviderContext'
import { AI_SETTINGS_SECTION_ID } from '../ai/AiSettingsLink'
import { downloadBuiltinModel } from '../ai/download-builtin-model'

const PROVIDER_LABELS: Record<AiSettings['provider'], string> = {
  builtin: 'Built-in AI (browser)',
  'openai-compatible': 'OpenAI-compatible endpoint',
  off: 'Off',
}

/** The AI section of Settings. */
export function AiSettingsSection() {
  const { settings, setSettings } = useAi()
  const groupLabel = useId()
  return (
    <fieldset id={AI_SETTINGS_SECTION_ID} className="ai-settings">
      <legend>AI</legend>
      <p className="settings-hint">
        Summaries and chat use the AI you choose here, on this device only. Page text goes only to
        it.
      </p>
      <div role="radiogroup" aria-labelledby={groupLabel} className="ai-provider-choice">
        <span id={groupLabel} className="field-label">
          AI provider
        </span>
        {(Object.keys(PROVIDER_LABELS) as AiSettings['provider'][]).map((provider) => (
          <label key={provider} className="radio">
            <input
              type="radio"
              name="ai-provider"
              value={provider}
              checked={settings.provider === provider}
              onChange={() => setSettings({ ...settings, provider })}
            />
            {PROVIDER_LABELS[provider]}
          </label>
        ))}
      </div>
      {settings.provider === 'builtin' && <BuiltinAiStatus />}
      {settings.provider === 'openai-compatible' && <EndpointSettings />}
      {settings.provider === 'off' && (
        <p className="settings-hint">AI is off: summaries and chat are not offered.</p>
      )}
    </fieldset>
  )
}

/** Whether the browser's built-in AI can run, and its model download. */
function BuiltinAiStatus() {
  const { availability, refreshAvailability } = useAi()
  const [progress, setProgress] = useState<number>()
  const [failure, setFailure] = useState('')

  async function download() {
    setFailure('')
    setProgress(0)
    try {
      await downloadBuiltinModel(setProgress)
    } catch (error: unknown) {
      console.warn('Inkmark: the built-in AI model download failed', error)
      setFailure('The browser could not download its AI model. Try again later.')
    } finally {
      setProgress(undefined)
      refreshAvailability()
    }
  }

  if (progress !== undefined || availability === 'downloading') {
    const percent = Math.round((progress ?? 0) * 100)
    return (
      <div className="ai-download" role="status">
        <label className="field-label">
          Downloading the AI model: {percent}%
          <progress max={100} value={percent} />
        </label>
      </div>
    )
  }
  return (
    <div className="ai-builtin-status">
      {availability === 'checking' && <p role="status">Checking the browser&apos;s AI…</p>}
      {availability === 'available' && (
        <p role="status">The browser&apos;s built-in AI is ready on this device.</p>
      )}
      {availability === 'downloadable' && (
        <>
          <p role="status">
            The browser&apos;s AI model must be downloaded once before its first summary.
          </p>
          <Button variant="primary" onPress={() => void download()}>
            Download the AI model
          </Button>
        </>
      )}
      {availability === 'unavailable' && (
        <p role="status">
          {SUMMARIZER_UNAVAILABLE}. Choose an OpenAI-compatible endpoint instead (for example Ollama
          or LM Studio on this computer).
        </p>
      )}
      {failure !== '' && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
    </div>
  )
}

type TestResult =
  | { state: 'idle' }
  | { state: 'testing' }
  | { state: 'ok'; models: string[] }
  | { state: 'failed'; message: string }

/** The endpoint's address, model and key, and Test connection. */
function EndpointSettings() {
  const { settings, setSettings } = useAi()
  const [result, setResult] = useState<TestResult>({ state: 'idle' })
  const endpoint = settings.endpoint

  function change(changes: Partial<AiSettings['endpoint']>) {
    const next = { ...endpoint, ...changes }
    if (next.apiKey === '') {
      delete next.apiKey
    }
    setSettings({ ...settings, endpoint: next })
  }

  async function test() {
    setResult({ state: 'testing' })
    const outcome = await testAiEndpoint(endpoint)
    setResult(
      outcome.ok
        ? { state: 'ok', models: outcome.models }
        : { state: 'failed', message: outcome.message },
    )
    if (outcome.ok && endpoint.model === '' && outcome.models.length > 0) {
      change({ model: outcome.models[0]! })
    }
  }

  const models = result.state === 'ok' ? result.models : []
  return (
    <div className="ai-endpoint">
      <TextField
        label="Base URL"
        type="url"
        value={endpoint.baseUrl}
        onChange={(baseUrl) => change({ baseUrl: baseUrl.trim() })}
        placeholder={EXAMPLE_ENDPOINT_BASE_URL}
        description="The address the endpoint's API starts at, usually ending in /v1 (Ollama, llama.cpp server, LM Studio, vLLM or a hosted service)."
      />
      {models.length > 0 && (
        <Select
          label="Model on this endpoint"
          options={models.map((model) => ({ id: model, label: model }))}
          selectedKey={models.includes(endpoint.model) ? endpoint.model : null}
          onSelectionChange={(model) => change({ model })}
          placeholder="Choose a model"
        />
      )}
      <TextField
        label="Model"
        value={endpoint.model}
        onChange={(model) => change({ model: model.trim() })}
        placeholder="llama3.2"
        description="Its name as the endpoint knows it; Test connection lists them."
      />
      <TextField
        label="API key (optional)"
        type="password"
        autoComplete="off"
        value={endpoint.apiKey ?? ''}
        onChange={(apiKey) => change({ apiKey: apiKey.trim() })}
        description="Stays on this device: it is never synced, never in a backup and never sent to Inkmark's servers."
      />
      <p className="settings-hint">
        The server must accept requests from this app&apos;s address (CORS; for Ollama, set{' '}
        <code>OLLAMA_ORIGINS</code>). Over plain http, only a server on this computer (localhost)
        can be reached. More in the <Link to="/help/ai">AI troubleshooting guide</Link>.
      </p>
      <div className="ai-endpoint-test">
        <Button
          onPress={() => void test()}
          isDisabled={endpoint.baseUrl === '' || result.state === 'testing'}
        >
          Test connection
        </Button>
        <TestResultLine result={result} />
      </div>
    </div>
  )
}

function TestResultLine({ result }: { result: TestResult }) {
  switch (result.state) {
    case 'idle':
      return null
    case 'testing':
      return <p role="status">Connecting…</p>
    case 'ok':
      return (
        <p role="status" className="ai-test-ok">
          Connected.{' '}
          {result.models.length === 0
            ? 'The endpoint lists no models: type the model name.'
            : `${countLabel(result.models.length, 'model')} found.`}
        </p>
      )
    case 'failed':
      return (
        <p role="alert" className="error">
          {result.message}
        </p>
      )
  }
}

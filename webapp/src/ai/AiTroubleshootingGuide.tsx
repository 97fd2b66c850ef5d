// The AI troubleshooting guide (/help/ai), where the failure toast's 'Read guide' leads: what each
// AI choice needs, why a summary or chat can fail, and how to fix it. It is part of the app, so it
// works offline and on any deployment.
import { AI_CHAT_DAILY_LIMIT, AI_SUMMARY_DAILY_LIMIT, countLabel } from '@inkmark/shared'
import { useEffect } from 'react'
import { AiSettingsLink } from './AiSettingsLink'
import './ai.css'

/** The AI troubleshooting guide page. */
export function AiTroubleshootingGuide() {
  useEffect(() => {
    document.title = 'AI troubleshooting · Inkmark'
  }, [])
  return (
    <article className="ai-guide">
      <h1>AI troubleshooting</h1>
      <p>
        Summaries and chat run on the AI you choose in <AiSettingsLink />: the browser&apos;s
        built-in AI, or an OpenAI-compatible endpoint of your own. The page&apos;s text goes only to
        that AI, and an endpoint&apos;s API key stays on this device.
      </p>

      <h2>The browser&apos;s built-in AI</h2>
      <ul>
        <li>
          It needs a desktop browser that ships the Summarizer and Prompt APIs (Chrome 138 or newer)
          and a computer that meets the browser&apos;s requirements for its on-device model (free
          disk space for the model, enough memory or a capable graphics card).
        </li>
        <li>
          The first time, the browser downloads its model. The AI settings show the progress, and a
          summary started before waits for it.
        </li>
        <li>
          &ldquo;Summarizer API is not available in this browser&rdquo; means this browser or
          computer cannot run it: choose an OpenAI-compatible endpoint instead.
        </li>
      </ul>

      <h2>An OpenAI-compatible endpoint</h2>
      <ul>
        <li>
          The base URL is where the API starts, usually ending in <code>/v1</code>: for example{' '}
          <code>http://localhost:11434/v1</code> for Ollama, <code>http://localhost:1234/v1</code>{' '}
          for LM Studio, <code>http://localhost:8080/v1</code> for a llama.cpp server.
        </li>
        <li>
          Test connection in the AI settings lists the endpoint&apos;s models; pick one, or type its
          name.
        </li>
        <li>
          The server must allow this app&apos;s address to call it (CORS). For Ollama, start it with{' '}
          <code>OLLAMA_ORIGINS</code> set to this app&apos;s address; in LM Studio, turn on CORS in
          the server settings. The browser may also ask you to allow this app to reach devices on
          your local network: allow it for a server on this computer.
        </li>
        <li>
          The app reaches an endpoint over https anywhere, and over plain http only on this computer
          (<code>localhost</code> or <code>127.0.0.1</code>). For a server on another computer of
          your network, put it behind https, or forward its port to this computer (for example{' '}
          <code>ssh -L 11434:localhost:11434 that-computer</code>) and use{' '}
          <code>http://localhost:11434/v1</code>.
        </li>
      </ul>

      <h2>When a summary or chat fails</h2>
      <ul>
        <li>
          <strong>Unauthorized (401):</strong> the API key is missing or wrong. Enter it again in
          the AI settings.
        </li>
        <li>
          <strong>Too many requests (429):</strong> the service limits how often it may be asked.
          Wait a minute and try again.
        </li>
        <li>
          <strong>Cannot connect:</strong> check that the server runs, that its address is right and
          that it allows this app (CORS, above).
        </li>
        <li>
          <strong>The answer stopped halfway:</strong> the server closed the connection. Nothing was
          saved; try again.
        </li>
        <li>
          <strong>The page is too long:</strong> the page&apos;s text is shortened to what the model
          can read at once, so a very long page is summarized from its beginning.
        </li>
      </ul>

      <h2>Daily limits</h2>
      <p>
        The Free plan makes {countLabel(AI_SUMMARY_DAILY_LIMIT, 'AI summary', 'AI summaries')} and{' '}
        {countLabel(AI_CHAT_DAILY_LIMIT, 'AI chat')} a day, counted across your devices; the free
        trial and Ultimate have no limit.
      </p>
    </article>
  )
}

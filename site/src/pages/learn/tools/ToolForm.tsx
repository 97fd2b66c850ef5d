// A tool's form: a plain GET form to the web app, so it works with JavaScript off. The URL field
// is required and typed url; the YouTube tools also ask the browser to check it is a YouTube
// address; the AI tools add summarize=1. Highlight in notes is a link to the add-content editor.
import { useId } from 'react'
import { siteConfig } from '../../../app/site-config'
import { YOUTUBE_URL_PATTERN, type ToolDefinition } from './tools'

/** The form (or link) that opens the tool in the web app. */
export function ToolForm({ tool }: { tool: ToolDefinition }) {
  const id = useId()
  const { action } = tool
  if (action.kind === 'app-link') {
    return (
      <p className="learn-form ink-card">
        <a
          className="ink-button ink-button--primary ink-button--lg"
          href={`${siteConfig.appUrl}${action.appPathAndQuery}`}
        >
          {action.label}
        </a>
      </p>
    )
  }
  const inputId = `${id}-url`
  const hintId = `${id}-hint`
  return (
    <form
      className="learn-form ink-card"
      method="get"
      action={`${siteConfig.appUrl}${action.appPath}`}
    >
      <label htmlFor={inputId}>
        {action.acceptsYouTubeOnly ? 'YouTube video address' : 'Web page address'}
      </label>
      <div className="learn-form-row">
        <input
          id={inputId}
          className="ink-input"
          name="url"
          type="url"
          required
          inputMode="url"
          autoComplete="url"
          placeholder={
            action.acceptsYouTubeOnly
              ? 'https://www.youtube.com/watch?v=...'
              : 'https://example.com/article'
          }
          aria-describedby={hintId}
          {...(action.acceptsYouTubeOnly
            ? {
                pattern: YOUTUBE_URL_PATTERN,
                title: 'A YouTube address, like https://www.youtube.com/watch?v=...',
              }
            : {})}
        />
        {action.summarize ? <input type="hidden" name="summarize" value="1" /> : null}
        <button type="submit" className="ink-button ink-button--primary ink-button--md">
          {action.submitLabel}
        </button>
      </div>
      <p id={hintId} className="learn-form-hint">
        {action.acceptsYouTubeOnly
          ? 'A youtube.com or youtu.be address. Opens in the Inkmark web app.'
          : 'The full address, starting with https://. Opens in the Inkmark web app.'}
      </p>
    </form>
  )
}

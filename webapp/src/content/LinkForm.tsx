// The link form of the content editor's toolbar: the address is checked with the spec's safe-scheme
// rule (`checkLinkUrl`) and a refused one says why and stays in the field. Enter applies, Escape
// closes this form only (not the dialog the editor may be in).
import { useId, useRef, useState } from 'react'
import { checkLinkUrl } from './link-url'

/** Props of LinkForm. */
export interface LinkFormProps {
  initialUrl: string
  onApply: (url: string) => void
  onCancel: () => void
}

/** The link address form. */
export function LinkForm({ initialUrl, onApply, onCancel }: LinkFormProps) {
  const [url, setUrl] = useState(initialUrl)
  const [error, setError] = useState('')
  const inputId = useId()
  const errorId = useId()
  const inputRef = useRef<HTMLInputElement>(null)

  function apply() {
    const check = checkLinkUrl(url)
    if (check.ok) {
      onApply(check.url)
    } else {
      setError(check.message)
      inputRef.current?.focus()
    }
  }

  return (
    <div className="link-form" role="group" aria-label="Link">
      <label htmlFor={inputId}>Link address</label>
      <input
        id={inputId}
        ref={inputRef}
        type="text"
        inputMode="url"
        autoFocus
        value={url}
        aria-invalid={error !== ''}
        aria-describedby={error !== '' ? errorId : undefined}
        onChange={(event) => {
          setUrl(event.target.value)
          setError('')
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            apply()
          } else if (event.key === 'Escape') {
            // Closes this form only, not the dialog around the editor.
            event.preventDefault()
            event.stopPropagation()
            onCancel()
          }
        }}
      />
      <button type="button" className="button" onClick={apply}>
        Apply link
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      {error !== '' && (
        <p id={errorId} className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

import { useState } from 'react'

/** Props of ConfirmButton. */
export interface ConfirmButtonProps {
  label: string
  /** What the confirmation says will happen. */
  question: string
  confirmLabel: string
  onConfirm: () => void
}

/** A destructive button that asks first, inline (no browser dialog, so it stays in the page). */
export function ConfirmButton({ label, question, confirmLabel, onConfirm }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false)
  if (!asking) {
    return (
      <button type="button" className="button danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    )
  }
  return (
    <div className="confirm" role="group" aria-label={label}>
      <p>{question}</p>
      <button
        type="button"
        className="button danger"
        autoFocus
        onClick={() => {
          setAsking(false)
          onConfirm()
        }}
      >
        {confirmLabel}
      </button>{' '}
      <button type="button" className="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  )
}

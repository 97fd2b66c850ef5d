import { Button } from '@inkmark/design'
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
      <Button variant="danger" onPress={() => setAsking(true)}>
        {label}
      </Button>
    )
  }
  return (
    <div className="confirm" role="group" aria-label={label}>
      <p>{question}</p>
      <Button
        variant="danger"
        autoFocus
        onPress={() => {
          setAsking(false)
          onConfirm()
        }}
      >
        {confirmLabel}
      </Button>
      <Button variant="secondary" onPress={() => setAsking(false)}>
        Cancel
      </Button>
    </div>
  )
}

import { useEffect, useRef, type ReactNode } from 'react'

/** A list entry that opens a detail view: its name and how many items it holds. */
export function DrillDownButton({
  name,
  count,
  unit,
  onOpen,
}: {
  name: string
  count: number
  unit: string
  onOpen: () => void
}) {
  return (
    <li>
      <button type="button" className="row-button" onClick={onOpen}>
        <span>{name}</span>
        <span className="count">
          {count}
          <span className="visually-hidden"> {unit}</span>
        </span>
      </button>
    </li>
  )
}

/** A detail view with a back button (focused when it opens, so the keyboard follows). */
export function DrillDownDetail({
  title,
  backLabel,
  onBack,
  children,
}: {
  title: string
  backLabel: string
  onBack: () => void
  children: ReactNode
}) {
  const back = useRef<HTMLButtonElement>(null)
  useEffect(() => back.current?.focus(), [])
  return (
    <section aria-label={title}>
      <button ref={back} type="button" className="link-button back" onClick={onBack}>
        ← {backLabel}
      </button>
      <h2 className="section-title">{title}</h2>
      {children}
    </section>
  )
}

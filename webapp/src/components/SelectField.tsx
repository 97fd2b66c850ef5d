import { useId, type ComponentProps } from 'react'

/**
 * A labelled select. The label points at the select by id rather than wrapping it: a wrapping
 * label would put the selected option's text into the select's accessible name.
 */
export function SelectField({
  label,
  ...selectProps
}: ComponentProps<'select'> & { label: string }) {
  const id = useId()
  return (
    <span className="field">
      <label htmlFor={id}>{label}</label> <select id={id} {...selectProps} />
    </span>
  )
}

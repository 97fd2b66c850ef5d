import { useId, type ComponentProps } from 'react'

/**
 * A labelled select, a native <select> styled as the design system's fields (.ink-native-select):
 * its callers hand it the select's own props and events, and a native select is the most robust
 * choice on phones. The label points at the select by id rather than wrapping it: a wrapping label
 * would put the selected option's text into the select's accessible name.
 */
export function SelectField({
  label,
  className,
  ...selectProps
}: ComponentProps<'select'> & { label: string }) {
  const id = useId()
  return (
    <span className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={className ? `ink-native-select ${className}` : 'ink-native-select'}
        {...selectProps}
      />
    </span>
  )
}

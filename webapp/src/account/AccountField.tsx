// One labelled input of an account form, with its error tied to it for screen readers.

/** The props of an account form field. */
export interface AccountFieldProps {
  id: string
  label: string
  type: 'email' | 'password'
  autoComplete: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
}

/** A labelled email or password input with its validation message. */
export function AccountField({
  id,
  label,
  type,
  autoComplete,
  value,
  error,
  onChange,
}: AccountFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : errorId}
        onChange={(event) => onChange(event.target.value)}
      />
      {error !== undefined && (
        <p id={errorId} className="account-field-error">
          {error}
        </p>
      )}
    </div>
  )
}

// A plain GET form to /youtube (docs/adr/075): the empty state's way to a transcript, and the way
// to another video after a failure. Works as the site's tool form does.
import { useId } from 'react'

/** The address field and its button. */
export function VideoAddressForm({
  defaultValue,
  label = 'YouTube video address',
}: {
  defaultValue: string
  label?: string
}) {
  const id = useId()
  return (
    <form className="yt-form" method="get" action="/youtube">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="url"
        type="text"
        inputMode="url"
        required
        placeholder="https://www.youtube.com/watch?v=…"
        defaultValue={defaultValue}
      />
      <button type="submit" className="button primary">
        Show transcript
      </button>
    </form>
  )
}

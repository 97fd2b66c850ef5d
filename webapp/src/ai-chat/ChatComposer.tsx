// The message box of a chat: Enter sends, Shift+Enter starts a new line; while a reply streams the
// Stop button stops it (and sending a new message cancels it: the conversation does that).
import { Button, TextArea } from '@inkmark/design'
import { useState } from 'react'

/** Props of ChatComposer. */
export interface ChatComposerProps {
  /** The id of the message box (for focusing it from an example question). */
  id: string
  label: string
  placeholder: string
  draft: string
  onDraftChange: (draft: string) => void
  /** Sends the text; resolves false when it was not sent (the draft stays). */
  onSend: (text: string) => Promise<boolean>
  /** Whether a reply is streaming (Stop shows). */
  streaming: boolean
  onStop: () => void
}

/** The message box, Send and Stop. */
export function ChatComposer({
  id,
  label,
  placeholder,
  draft,
  onDraftChange,
  onSend,
  streaming,
  onStop,
}: ChatComposerProps) {
  const [sending, setSending] = useState(false)
  // Enter passes the box's own value: a keystroke right after typing must not read a draft
  // from before the last render.
  const submit = (value: string = draft) => {
    const text = value.trim()
    if (text === '' || sending) {
      return
    }
    setSending(true)
    void onSend(text)
      .then((sent) => {
        if (sent) {
          onDraftChange('')
        }
      })
      .finally(() => setSending(false))
  }
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <TextArea
        id={id}
        label={label}
        description="Enter sends, Shift+Enter starts a new line."
        placeholder={placeholder}
        rows={2}
        value={draft}
        onChange={onDraftChange}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault()
            submit((event.target as HTMLTextAreaElement).value)
          } else {
            event.continuePropagation()
          }
        }}
      />
      <div className="chat-composer__actions">
        {streaming && (
          <Button variant="secondary" onPress={onStop}>
            Stop
          </Button>
        )}
        <Button type="submit" variant="primary" isDisabled={draft.trim() === '' || sending}>
          Send
        </Button>
      </div>
    </form>
  )
}

// Reporting a public page: a small dialog asking why (1-500 characters, as the relay takes it),
// sent with POST /explore/bookmarks/{shareId}/report. The operator reviews reports (ADR 058).
import { Button, TextArea } from '@inkmark/design'
import { useId, useState, type FormEvent } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { publicErrorMessage } from './public-api'
import { usePublicApi } from './use-public-api'

/** The longest reason the relay takes. */
export const REPORT_REASON_MAX = 500

/** The report dialog of the page shared as `shareId`. */
export function ReportDialog({ shareId, onClose }: { shareId: string; onClose: () => void }) {
  const titleId = useId()
  const api = usePublicApi()
  const [reason, setReason] = useState('')
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing')
  const [error, setError] = useState<string | undefined>()
  const trimmed = reason.trim()
  const tooLong = trimmed.length > REPORT_REASON_MAX

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (trimmed === '') {
      setError('Say why you report this page.')
      return
    }
    if (tooLong) {
      return
    }
    setState('sending')
    setError(undefined)
    api.report(shareId, trimmed).then(
      () => setState('sent'),
      (reasonOfFailure: unknown) => {
        setState('editing')
        setError(publicErrorMessage(reasonOfFailure))
      },
    )
  }

  return (
    <ModalDialog labelledBy={titleId} className="report-dialog" onClose={onClose}>
      <h2 id={titleId}>Report this page</h2>
      {state === 'sent' ? (
        <>
          <p role="status">Thank you. Your report was sent and will be reviewed.</p>
          <div className="dialog-actions">
            <Button variant="primary" onPress={onClose}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <TextArea
            label="Why do you report it?"
            description={`Up to ${REPORT_REASON_MAX} characters. ${trimmed.length} used.`}
            value={reason}
            onChange={setReason}
            isRequired
            {...(tooLong
              ? { errorMessage: `Shorten the reason to ${REPORT_REASON_MAX} characters.` }
              : {})}
            rows={4}
            autoFocus
          />
          {error !== undefined && (
            <p className="public-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <Button onPress={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" isDisabled={state === 'sending'}>
              {state === 'sending' ? 'Sending…' : 'Send report'}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  )
}

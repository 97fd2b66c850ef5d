// The export dialog of a page: says where the page and its highlights go (and that an earlier Notion
// export is updated), shows progress while the misc server works, and on success records the
// exported page on the bookmark and says so with a link. A daily limit opens the upgrade-needed
// dialog; a token the service refuses leads to reconnecting in Integrations; anything else is said.
import { Button, Modal, countLabel } from '@inkmark/design'
import type { Bookmark, Mark } from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useUpgradeNeeded } from '../billing/UpgradeNeededProvider'
import { useToast } from '../components/Toasts'
import { useLocalStore } from '../library/LibraryProvider'
import { toWebUrl } from '../lib/safe-url'
import { SERVICE_NAMES, integrationFailureOf } from './export-outcome'
import { exportPayloadFor, integrationPageOf } from './export-request'
import { exportToCapacities, exportToNotion, type ExportAnswer } from './integrations-api'
import type { ExportDestination } from './export-readiness'

type Step =
  | { kind: 'confirm' }
  | { kind: 'exporting' }
  | { kind: 'reconnect'; message: string }
  | { kind: 'failed'; message: string }

/** Props of ExportDialog. */
export interface ExportDialogProps {
  bookmark: Bookmark
  marks: readonly Mark[]
  destination: ExportDestination
  onClose: () => void
}

function sendExport(
  destination: ExportDestination,
  bookmark: Bookmark,
  marks: readonly Mark[],
): Promise<ExportAnswer> {
  const payload = exportPayloadFor(destination.service, bookmark, marks, window.location.origin)
  return destination.service === 'notion'
    ? exportToNotion(destination.token, destination.target, payload)
    : exportToCapacities(destination.token, destination.space.spaceId, payload)
}

/** The dialog exporting `bookmark` to `destination`. */
export function ExportDialog({ bookmark, marks, destination, onClose }: ExportDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'confirm' })
  const store = useLocalStore()
  const { showToast } = useToast()
  const { showUpgradeNeeded } = useUpgradeNeeded()
  const navigate = useNavigate()
  const { service } = destination
  const name = SERVICE_NAMES[service]
  const where =
    destination.service === 'notion'
      ? `${destination.target.targetKind === 'database' ? 'the database' : 'the page'} ${destination.target.targetTitle}`
      : `the space ${destination.space.spaceTitle}`
  const updates = service === 'notion' && bookmark.integrationPages?.notion?.id !== undefined

  function start() {
    setStep({ kind: 'exporting' })
    sendExport(destination, bookmark, marks)
      .then(async (answer) => {
        await store.recordIntegrationPage(
          bookmark._id,
          service,
          integrationPageOf(answer, Date.now()),
        )
        const href = answer.url === undefined ? undefined : toWebUrl(answer.url)
        onClose()
        showToast({
          message: updates ? `Updated in ${name}` : `Exported to ${name}`,
          kind: 'success',
          ...(href === undefined
            ? {}
            : {
                action: {
                  label: `Open in ${name}`,
                  onClick: () => window.open(href, '_blank', 'noopener,noreferrer'),
                },
              }),
        })
      })
      .catch((error: unknown) => {
        const failure = integrationFailureOf(error, service)
        if (failure.kind === 'daily-limit') {
          onClose()
          showUpgradeNeeded(service === 'notion' ? 'notion-export' : 'capacities-export')
        } else if (failure.kind === 'reconnect') {
          setStep({ kind: 'reconnect', message: failure.message })
        } else {
          setStep({ kind: 'failed', message: failure.message })
        }
      })
  }

  return (
    <Modal
      title={`Export to ${name}`}
      isOpen
      isDismissable={step.kind !== 'exporting'}
      onOpenChange={(open) => {
        if (!open && step.kind !== 'exporting') {
          onClose()
        }
      }}
      className="export-dialog"
    >
      {step.kind === 'exporting' ? (
        <div className="export-progress" role="status">
          <p>Exporting to {name}…</p>
          <progress aria-label={`Exporting to ${name}`} />
        </div>
      ) : step.kind === 'reconnect' ? (
        <>
          <p role="alert">{step.message}</p>
          <div className="dialog-actions">
            <Button variant="secondary" onPress={onClose}>
              Close
            </Button>
            <Button
              variant="primary"
              onPress={() => {
                onClose()
                void navigate({ to: '/settings', search: { view: 'integrations' } })
              }}
            >
              Reconnect {name}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>
            This page and its {countLabel(marks.length, 'highlight')} go to {where}.
            {updates && ` The ${name} page made by the last export is updated.`}
          </p>
          {step.kind === 'failed' && (
            <p className="integration-error" role="alert">
              {step.message}
            </p>
          )}
          <div className="dialog-actions">
            <Button variant="secondary" onPress={onClose}>
              Cancel
            </Button>
            <Button variant="primary" onPress={start} autoFocus>
              {step.kind === 'failed' ? 'Try again' : 'Export'}
            </Button>
          </div>
        </>
      )}
    </Modal>
  )
}

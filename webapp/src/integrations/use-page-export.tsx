// The page's export actions ("Export to Notion", "Export to Capacities" in the page detail's Export
// menu and its More actions menu): opens the export dialog when the service is connected on this
// device and a destination is chosen, else leads to Integrations saying what is missing.
import type { Bookmark, Mark } from '@inkmark/shared'
import { useNavigate } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useToast } from '../components/Toasts'
import { ExportDialog } from './ExportDialog'
import {
  exportBlockerMessage,
  exportDestinationOf,
  type ExportDestination,
} from './export-readiness'
import type { IntegrationService } from './integration-settings'
import { useIntegrationTokens } from './integration-tokens'
import { useIntegrationChoices } from './use-integration-settings'

/** The export actions of a page and the dialog to render. */
export function usePageExport(
  bookmark: Bookmark | undefined,
  marks: readonly Mark[],
): { startExport: (service: IntegrationService) => void; dialog: ReactNode } {
  const { notion, capacitiesToken } = useIntegrationTokens()
  const { notionTarget, capacitiesSpace } = useIntegrationChoices()
  const [destination, setDestination] = useState<ExportDestination>()
  const { showToast } = useToast()
  const navigate = useNavigate()

  function startExport(service: IntegrationService) {
    const readiness = exportDestinationOf(service, {
      notionToken: notion?.token,
      notionTarget,
      capacitiesToken,
      capacitiesSpace,
    })
    if ('blocker' in readiness) {
      showToast({ message: exportBlockerMessage(service, readiness.blocker), kind: 'info' })
      void navigate({ to: '/settings', search: { view: 'integrations' } })
      return
    }
    setDestination(readiness.destination)
  }

  return {
    startExport,
    dialog:
      destination === undefined || bookmark === undefined ? null : (
        <ExportDialog
          bookmark={bookmark}
          marks={marks}
          destination={destination}
          onClose={() => setDestination(undefined)}
        />
      ),
  }
}

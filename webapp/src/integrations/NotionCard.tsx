// The Notion card of the Integrations view. Not connected: "Connect Notion" starts the OAuth round
// trip (notion-oauth.ts). Connected: the workspace, where pages go (the pages and databases the
// person shared with the integration in Notion), the last export, and Disconnect (forgets this
// device's token; the integration stays in Notion until removed there).
import { Button, EmptyState, Select } from '@inkmark/design'
import { useState } from 'react'
import { useToast } from '../components/Toasts'
import { SERVICE_NAMES, integrationFailureOf } from './export-outcome'
import { useIntegrationTokens } from './integration-tokens'
import { listNotionTargets, notionAuthorizeUrl, type NotionTargetItem } from './integrations-api'
import { LastExport } from './LastExport'
import { NOTION_OAUTH_STATE_KEY, newOAuthState, notionRedirectUri } from './notion-oauth'
import { useIntegrationChoices } from './use-integration-settings'
import { useRemoteList } from './use-remote-list'

/** How a target is named in the list: its kind, then its title. */
export function notionTargetLabel(item: Pick<NotionTargetItem, 'kind' | 'title'>): string {
  return `${item.kind === 'database' ? 'Database' : 'Page'}: ${item.title || 'Untitled'}`
}

/** The Notion card. */
export function NotionCard() {
  const { notion, setNotion } = useIntegrationTokens()
  return (
    <section className="integration-card" aria-labelledby="notion-heading">
      <h2 id="notion-heading">Notion</h2>
      {notion === undefined ? (
        <ConnectNotion />
      ) : (
        <ConnectedNotion
          token={notion.token}
          workspaceName={notion.workspaceName}
          onDisconnect={() => setNotion(undefined)}
        />
      )}
      <LastExport service="notion" />
    </section>
  )
}

function ConnectNotion() {
  const [starting, setStarting] = useState(false)
  const [error, setError] = useState('')
  function connect() {
    setStarting(true)
    setError('')
    const state = newOAuthState((bytes) => crypto.getRandomValues(bytes))
    sessionStorage.setItem(NOTION_OAUTH_STATE_KEY, state)
    notionAuthorizeUrl(state, notionRedirectUri(window.location.origin))
      .then((url) => window.location.assign(url))
      .catch((caught: unknown) => {
        setStarting(false)
        setError(integrationFailureOf(caught, 'notion').message)
      })
  }
  return (
    <>
      <p className="integration-status">
        Export pages with their highlights and notes to a Notion page or database.
      </p>
      <Button variant="primary" onPress={connect} isDisabled={starting}>
        {starting ? 'Opening Notion…' : 'Connect Notion'}
      </Button>
      {error !== '' && (
        <p className="integration-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}

function ConnectedNotion({
  token,
  workspaceName,
  onDisconnect,
}: {
  token: string
  workspaceName: string | undefined
  onDisconnect: () => void
}) {
  const { notionTarget, choose } = useIntegrationChoices()
  const { showToast } = useToast()
  const targets = useRemoteList(token, listNotionTargets)
  const options = targets.items.map((item) => ({ id: item.id, label: notionTargetLabel(item) }))
  // A chosen target no longer listed (unshared in Notion) still shows as chosen until replaced.
  if (
    notionTarget !== undefined &&
    !options.some((option) => option.id === notionTarget.targetId)
  ) {
    options.unshift({
      id: notionTarget.targetId,
      label: notionTargetLabel({ kind: notionTarget.targetKind, title: notionTarget.targetTitle }),
    })
  }
  const failure =
    targets.status === 'failed' ? integrationFailureOf(targets.error, 'notion') : undefined

  function pick(id: string) {
    const item = targets.items.find((candidate) => candidate.id === id)
    if (item === undefined) {
      return
    }
    choose('notion', {
      targetId: item.id,
      targetKind: item.kind,
      targetTitle: item.title || 'Untitled',
    })
      .then(() =>
        showToast({ message: `Pages will go to ${notionTargetLabel(item)}`, kind: 'success' }),
      )
      .catch(() => showToast({ message: 'The choice could not be saved', kind: 'error' }))
  }

  return (
    <>
      <p className="integration-status">
        Connected to{' '}
        {workspaceName === undefined ? 'a Notion workspace' : `the workspace ${workspaceName}`} on
        this device.
      </p>
      {targets.status === 'ready' && targets.items.length === 0 ? (
        <EmptyState title="Nothing shared with Inkmark yet" headingLevel={3}>
          Share a page or database with the Inkmark integration in Notion, then reload.
        </EmptyState>
      ) : (
        <Select
          label="Choose where pages go"
          options={options}
          selectedKey={notionTarget?.targetId ?? null}
          onSelectionChange={pick}
          placeholder={targets.status === 'loading' ? 'Loading…' : 'Choose a page or database'}
          isDisabled={options.length === 0}
        />
      )}
      {targets.status === 'loading' && (
        <p className="integration-status" role="status">
          Loading the pages and databases shared with Inkmark…
        </p>
      )}
      {failure !== undefined && (
        <p className="integration-error" role="alert">
          {failure.kind === 'reconnect'
            ? `Notion no longer accepts this device's connection. Disconnect, then connect again.`
            : failure.message}
        </p>
      )}
      <div className="integration-row">
        <Button
          variant="secondary"
          onPress={targets.reload}
          isDisabled={targets.status === 'loading'}
        >
          Reload pages and databases
        </Button>
        <Button
          variant="secondary"
          onPress={() => {
            onDisconnect()
            showToast({
              message: `${SERVICE_NAMES.notion} disconnected on this device`,
              kind: 'info',
            })
          }}
        >
          Disconnect Notion
        </Button>
      </div>
    </>
  )
}

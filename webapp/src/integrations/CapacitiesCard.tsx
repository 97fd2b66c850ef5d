// The Capacities card of the Integrations view. Capacities gives each person an API token in its
// desktop app (Settings > Capacities API); pasted here, it is checked by listing its spaces before
// it is kept (on this device only), then the space exports go to is chosen.
import { Button, Select, TextField } from '@inkmark/design'
import { useState, type FormEvent } from 'react'
import { useToast } from '../components/Toasts'
import { integrationFailureOf } from './export-outcome'
import { useIntegrationTokens } from './integration-tokens'
import { listCapacitiesSpaces, type CapacitiesSpaceItem } from './integrations-api'
import { LastExport } from './LastExport'
import { useIntegrationChoices } from './use-integration-settings'
import { useRemoteList } from './use-remote-list'

/** The Capacities card. */
export function CapacitiesCard() {
  const { capacitiesToken, setCapacitiesToken } = useIntegrationTokens()
  return (
    <section className="integration-card" aria-labelledby="capacities-heading">
      <h2 id="capacities-heading">Capacities</h2>
      {capacitiesToken === undefined ? (
        <ConnectCapacities onConnected={setCapacitiesToken} />
      ) : (
        <ConnectedCapacities
          token={capacitiesToken}
          onDisconnect={() => setCapacitiesToken(undefined)}
        />
      )}
      <LastExport service="capacities" />
    </section>
  )
}

function ConnectCapacities({ onConnected }: { onConnected: (token: string) => void }) {
  const [token, setToken] = useState('')
  const [checking, setChecking] = useState(false)
  const [error, setError] = useState('')
  const { showToast } = useToast()
  function submit(event: FormEvent) {
    event.preventDefault()
    const pasted = token.trim()
    if (pasted === '') {
      setError('Paste your Capacities API token first.')
      return
    }
    setChecking(true)
    setError('')
    listCapacitiesSpaces(pasted)
      .then(() => {
        onConnected(pasted)
        showToast({ message: 'Capacities connected on this device', kind: 'success' })
      })
      .catch((caught: unknown) => {
        const failure = integrationFailureOf(caught, 'capacities')
        setError(
          failure.kind === 'reconnect'
            ? 'Capacities did not accept this token. Check that it was copied whole, or generate a new one.'
            : failure.message,
        )
      })
      .finally(() => setChecking(false))
  }
  return (
    <form className="integration-connect" onSubmit={submit}>
      <p className="integration-status">
        Save pages with their highlights as weblinks in Capacities.
      </p>
      <TextField
        label="Capacities API token"
        type="password"
        autoComplete="off"
        value={token}
        onChange={(value) => {
          setToken(value)
          // An error left on the field would make the browser refuse the next submit.
          setError('')
        }}
        validationBehavior="aria"
        description="In the Capacities desktop app: Settings > Capacities API > Generate new token. It is kept on this device only."
        {...(error === '' ? {} : { errorMessage: error })}
      />
      <Button variant="primary" type="submit" isDisabled={checking}>
        {checking ? 'Checking the token…' : 'Connect Capacities'}
      </Button>
    </form>
  )
}

function ConnectedCapacities({ token, onDisconnect }: { token: string; onDisconnect: () => void }) {
  const { capacitiesSpace, choose } = useIntegrationChoices()
  const { showToast } = useToast()
  const spaces = useRemoteList<CapacitiesSpaceItem>(token, listCapacitiesSpaces)
  const options = spaces.items.map((space) => ({
    id: space.id,
    label: space.title || 'Untitled space',
  }))
  if (
    capacitiesSpace !== undefined &&
    !options.some((option) => option.id === capacitiesSpace.spaceId)
  ) {
    options.unshift({ id: capacitiesSpace.spaceId, label: capacitiesSpace.spaceTitle })
  }
  const failure =
    spaces.status === 'failed' ? integrationFailureOf(spaces.error, 'capacities') : undefined

  function pick(id: string) {
    const space = spaces.items.find((candidate) => candidate.id === id)
    if (space === undefined) {
      return
    }
    const spaceTitle = space.title || 'Untitled space'
    choose('capacities', { spaceId: space.id, spaceTitle })
      .then(() =>
        showToast({ message: `Pages will go to the space ${spaceTitle}`, kind: 'success' }),
      )
      .catch(() => showToast({ message: 'The choice could not be saved', kind: 'error' }))
  }

  return (
    <>
      <p className="integration-status">Connected to Capacities on this device.</p>
      {spaces.status === 'ready' && options.length === 0 ? (
        <p>
          This token has no space. Generate a token for a space in Capacities, then connect again.
        </p>
      ) : (
        <Select
          label="Choose a space"
          options={options}
          selectedKey={capacitiesSpace?.spaceId ?? null}
          onSelectionChange={pick}
          placeholder={spaces.status === 'loading' ? 'Loading…' : 'Choose a space'}
          isDisabled={options.length === 0}
        />
      )}
      {spaces.status === 'loading' && (
        <p className="integration-status" role="status">
          Loading your spaces…
        </p>
      )}
      {failure !== undefined && (
        <p className="integration-error" role="alert">
          {failure.kind === 'reconnect'
            ? `Capacities no longer accepts this device's connection. Disconnect, then connect again.`
            : failure.message}
        </p>
      )}
      <div className="integration-row">
        <Button
          variant="secondary"
          onPress={spaces.reload}
          isDisabled={spaces.status === 'loading'}
        >
          Reload spaces
        </Button>
        <Button
          variant="secondary"
          onPress={() => {
            onDisconnect()
            showToast({ message: 'Capacities disconnected on this device', kind: 'info' })
          }}
        >
          Disconnect Capacities
        </Button>
      </div>
    </>
  )
}

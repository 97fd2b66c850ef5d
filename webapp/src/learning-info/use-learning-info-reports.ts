// Runs the learning reporter for the signed-in session (SyncProvider calls it): a new reporter
// for each token, none while signed out or without a relay.
import { LearningInfoReporter, type LocalStore } from '@inkmark/shared'
import { useEffect } from 'react'
import { createRelayClient } from '../account/account-api'
import { RELAY_URL } from '../account/relay-url'

/** Reports today's learning to the relay while `token` is signed in. */
export function useLearningInfoReports(store: LocalStore, token: string | undefined): void {
  useEffect(() => {
    if (token === undefined || RELAY_URL === '') {
      return
    }
    const client = createRelayClient(() => token)
    const reporter = new LearningInfoReporter({
      readMarks: () => store.getAllMarks(),
      observe: (listener) => store.observe(listener),
      send: async (report) => {
        await client.request('PUT', '/learning-info', report)
      },
      events: window,
    })
    reporter.start()
    return () => reporter.stop()
  }, [store, token])
}

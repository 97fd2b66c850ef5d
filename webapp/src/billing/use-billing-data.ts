// The relay's billing configuration and prices as React state, with loading and error states and
// a retry. The configuration is asked for once per page: it changes only when the operator
// restarts the relay.
import type { Price } from '@inkmark/shared'
import { useCallback, useEffect, useState } from 'react'
import { fetchBillingConfig, fetchPrices } from './billing-api'
import type { BillingConfig } from '@inkmark/shared'

/** A value that is loading, failed, or here. */
export type Loaded<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: T }

let configRequest: Promise<BillingConfig> | undefined

function loadConfig(): Promise<BillingConfig> {
  configRequest ??= fetchBillingConfig().catch((error: unknown) => {
    configRequest = undefined
    throw error
  })
  return configRequest
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The relay's billing configuration, and a function that asks again after an error. */
export function useBillingConfig(): { config: Loaded<BillingConfig>; retry: () => void } {
  const [config, setConfig] = useState<Loaded<BillingConfig>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let live = true
    loadConfig().then(
      (value) => live && setConfig({ status: 'ready', value }),
      (error: unknown) => live && setConfig({ status: 'error', message: messageOf(error) }),
    )
    return () => {
      live = false
    }
  }, [round])
  const retry = useCallback(() => {
    setConfig({ status: 'loading' })
    setRound((count) => count + 1)
  }, [])
  return { config, retry }
}

/** The prices for `countryCode` with `discountCode`, and a function that asks again. */
export function usePrices(
  countryCode: string | undefined,
  discountCode: string | undefined,
): { prices: Loaded<Price[]>; retry: () => void } {
  const [prices, setPrices] = useState<Loaded<Price[]>>({ status: 'loading' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let live = true
    setPrices({ status: 'loading' })
    fetchPrices({ countryCode, discountCode }).then(
      (value) => live && setPrices({ status: 'ready', value }),
      (error: unknown) => live && setPrices({ status: 'error', message: messageOf(error) }),
    )
    return () => {
      live = false
    }
  }, [countryCode, discountCode, round])
  const retry = useCallback(() => setRound((count) => count + 1), [])
  return { prices, retry }
}

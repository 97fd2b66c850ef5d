// Whether AI chat is on: the relay's feature flag isAiChatEnabled (GET /config, the spec's feature
// flags), read through the shared server-config loader with the spec's cache (serverConfigJsonString
// in local storage, kept for the config's cacheTtlInMillis). Until an answer comes the cached config
// decides, and with none ever fetched `aiChatEnabled`'s default does (ADR 049).
import {
  DEFAULT_SERVER_CONFIG_TTL_MILLIS,
  SERVER_CONFIG_CACHE_KEY,
  aiChatEnabled,
  loadServerConfig,
  type CachedServerConfig,
  type KeyValueStore,
  type ServerConfig,
} from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { relayServers } from '../account/relay-url'

const localStorageCache: KeyValueStore = {
  get: (key) => Promise.resolve(readLocal(key)),
  set: (key, value) => {
    try {
      localStorage.setItem(key, value)
    } catch {
      // A full or blocked storage only costs a fetch next time.
    }
    return Promise.resolve()
  },
}

function readLocal(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined
  } catch {
    return undefined
  }
}

/** The last config fetched (however old), for the first render. */
function cachedConfig(): ServerConfig | undefined {
  const text = readLocal(SERVER_CONFIG_CACHE_KEY)
  if (text === undefined) {
    return undefined
  }
  try {
    return (JSON.parse(text) as CachedServerConfig).config
  } catch {
    return undefined
  }
}

let loading: { config: Promise<ServerConfig | undefined>; startedAt: number } | undefined

/**
 * The config, asked once for the screens mounted together and reused for its cache lifetime (a
 * failed ask is tried again by the next screen).
 */
function loadConfig(): Promise<ServerConfig | undefined> {
  const now = Date.now()
  if (loading === undefined || now - loading.startedAt >= DEFAULT_SERVER_CONFIG_TTL_MILLIS) {
    const started = {
      config: loadServerConfig({
        origins: relayServers(),
        cache: localStorageCache,
        now: () => now,
      }),
      startedAt: now,
    }
    loading = started
    void started.config.then((loaded) => {
      if (loaded === undefined && loading === started) {
        loading = undefined
      }
    })
  }
  return loading.config
}

/** Whether the relay's configuration lets AI chat show. */
export function useAiChatEnabled(): boolean {
  const [config, setConfig] = useState<ServerConfig | undefined>(cachedConfig)
  useEffect(() => {
    let live = true
    void loadConfig().then((loaded) => {
      if (live && loaded !== undefined) {
        setConfig(loaded)
      }
    })
    return () => {
      live = false
    }
  }, [])
  return aiChatEnabled(config)
}

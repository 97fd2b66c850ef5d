// Whether AI chat is on: the relay's feature flag isAiChatEnabled (GET /config, the spec's feature
// flags), read through the shared server-config loader with the spec's cache (serverConfigJsonString
// in local storage, kept for the config's cacheTtlInMillis). Until an answer comes the cached config
// decides, and with none ever fetched `aiChatEnabled`'s default does (ADR 049).
import { aiChatEnabled, type ServerConfig } from '@inkmark/shared'
import { useEffect, useState } from 'react'
import { cachedServerConfig, loadWebappServerConfig } from '../account/server-config'

/** Whether the relay's configuration lets AI chat show. */
export function useAiChatEnabled(): boolean {
  const [config, setConfig] = useState<ServerConfig | undefined>(cachedServerConfig)
  useEffect(() => {
    let live = true
    void loadWebappServerConfig().then((loaded) => {
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

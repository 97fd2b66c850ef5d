// The relay's settings come from the environment only, read once at start-up and validated, so a
// typo in PORT fails loudly instead of listening somewhere unexpected.

export interface RelayConfig {
  host: string
  port: number
}

export const DEFAULT_RELAY_HOST = '127.0.0.1'
export const DEFAULT_RELAY_PORT = 8787

/** Reads HOST and PORT from `env`, with loopback defaults. Throws on an invalid port. */
export function readRelayConfig(env: Record<string, string | undefined>): RelayConfig {
  const host = env.HOST?.trim() || DEFAULT_RELAY_HOST
  const portText = env.PORT?.trim()
  const port = portText ? Number(portText) : DEFAULT_RELAY_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got '${portText}'`)
  }
  return { host, port }
}

// The pure pieces of `npm start` (ADR 039): the ports it reads from the environment and the
// addresses that follow, whether to colour its output, and the words of a service that failed.

/** The services `npm start` runs, as its messages name them, with their port variables. */
export const SERVICES = {
  relay: { name: 'relay', portVariable: 'RELAY_PORT', defaultPort: 8787 },
  misc: { name: 'misc server', portVariable: 'MISC_PORT', defaultPort: 8788 },
  webapp: { name: 'web app', portVariable: 'WEBAPP_PORT', defaultPort: 5173 },
  site: { name: 'site', portVariable: 'SITE_PORT', defaultPort: 5174 },
} as const

export type ServiceKey = keyof typeof SERVICES

export interface StartConfig {
  ports: Record<ServiceKey, number>
  relayUrl: string
  /** The misc server (docs/adr/065): page content, PDFs, Notion, Capacities. */
  miscUrl: string
  webappUrl: string
  siteUrl: string
}

/** A port variable's problem, or the port. */
function readPort(
  env: Record<string, string | undefined>,
  key: ServiceKey,
): { ok: true; port: number } | { ok: false; message: string } {
  const { name, portVariable, defaultPort } = SERVICES[key]
  // PORT was the relay's only setting before RELAY_PORT; it still works.
  const raw = (env[portVariable] ?? (key === 'relay' ? env.PORT : undefined))?.trim()
  if (raw === undefined || raw === '') {
    return { ok: true, port: defaultPort }
  }
  const port = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port < 1 || port > 65_535) {
    return {
      ok: false,
      message: `${name}: ${portVariable}=${raw} is not a port; use a number from 1 to 65535`,
    }
  }
  return { ok: true, port }
}

/** The ports and addresses, or every problem with the port variables. */
export function readStartConfig(
  env: Record<string, string | undefined>,
): { ok: true; config: StartConfig } | { ok: false; problems: string[] } {
  const problems: string[] = []
  const ports = {} as Record<ServiceKey, number>
  for (const key of Object.keys(SERVICES) as ServiceKey[]) {
    const result = readPort(env, key)
    if (result.ok) {
      ports[key] = result.port
    } else {
      problems.push(result.message)
    }
  }
  if (problems.length === 0) {
    const seen = new Map<number, ServiceKey>()
    for (const key of Object.keys(SERVICES) as ServiceKey[]) {
      const other = seen.get(ports[key])
      if (other) {
        problems.push(
          `${SERVICES[key].name}: port ${ports[key]} is the ${SERVICES[other].name}'s too; set ${SERVICES[key].portVariable}`,
        )
      }
      seen.set(ports[key], key)
    }
  }
  if (problems.length > 0) {
    return { ok: false, problems }
  }
  return {
    ok: true,
    config: {
      ports,
      relayUrl: `http://127.0.0.1:${ports.relay}`,
      miscUrl: `http://127.0.0.1:${ports.misc}`,
      webappUrl: `http://127.0.0.1:${ports.webapp}`,
      siteUrl: `http://127.0.0.1:${ports.site}`,
    },
  }
}

/** The browser origins the relay lets in for these addresses (CORS). */
export function webOrigins(config: StartConfig): string {
  return [config.ports.webapp, config.ports.site]
    .flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
    .join(',')
}

/**
 * The environment of the site's build under `npm start` (docs/adr/071): its canonical origin and
 * the web app, relay and misc server of this run, which its links, calls and Content Security
 * Policy use; a development stage, so that sample content shows marked as such.
 */
export function siteBuildEnv(config: StartConfig): Record<string, string> {
  return {
    VITE_SITE_ORIGIN: config.siteUrl,
    VITE_APP_URL: config.webappUrl,
    VITE_RELAY_URL: config.relayUrl,
    VITE_MISC_URL: config.miscUrl,
    SITE_STAGE: 'development',
  }
}

/** Whether to colour the output: a terminal, and neither NO_COLOR nor a dumb terminal. */
export function shouldColor(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') {
    return false
  }
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') {
    return true
  }
  return isTTY && env.TERM !== 'dumb'
}

/** The message for a port something else holds. */
export function portInUseMessage(key: ServiceKey, port: number): string {
  const { name, portVariable } = SERVICES[key]
  return `${name}: port ${port} is in use; set ${portVariable}`
}

/**
 * Why a service that printed `output` stopped, in one line: a taken port is named as such
 * (the relay's EADDRINUSE, Vite's "Port N is already in use"), else its last line of output.
 */
export function failureMessage(
  key: ServiceKey | 'extension',
  port: number | undefined,
  output: readonly string[],
  exitCode: number | null,
): string {
  const text = output.join('\n')
  if (key !== 'extension' && port !== undefined && /EADDRINUSE|already in use/i.test(text)) {
    return portInUseMessage(key, port)
  }
  const name = key === 'extension' ? 'extension' : SERVICES[key].name
  const last = [...output]
    .reverse()
    .map((line) => stripAnsi(line).trim())
    .find((line) => line !== '')
  const how = exitCode === null ? 'stopped' : `exited with code ${exitCode}`
  return `${name}: ${how}${last ? ` (${last})` : ''}`
}

/** Text without ANSI colour and cursor codes. */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
}

/** "0.4 s", "28 s", for progress lines. */
export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`
}

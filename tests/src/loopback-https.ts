// An HTTPS server on loopback that stands in for a real host (www.youtube.com, read.amazon.com):
// a certificate made for the run, for that host name; Chromium maps the host to the server with
// --host-resolver-rules and is told to accept the certificate (hostLaunchArgs). Nothing reaches
// the network.
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface LoopbackHttps {
  host: string
  port: number
  close(): Promise<void>
}

/** Serves `handler` over HTTPS on loopback with a certificate for `host`. */
export async function startLoopbackHttps(
  host: string,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LoopbackHttps> {
  const certDir = await mkdtemp(join(tmpdir(), 'inkmark-loopback-cert-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
    ],
    { stdio: 'ignore' },
  )
  const server: Server = createServer(
    {
      key: await readFile(join(certDir, 'key.pem')),
      cert: await readFile(join(certDir, 'cert.pem')),
    },
    handler,
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    host,
    port: (server.address() as AddressInfo).port,
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await rm(certDir, { recursive: true, force: true })
    },
  }
}

/** The Chromium flags that send `site.host`'s HTTPS to the loopback server. */
export function hostLaunchArgs(site: LoopbackHttps): string[] {
  return [
    `--host-resolver-rules=MAP ${site.host}:443 127.0.0.1:${site.port}`,
    '--ignore-certificate-errors',
  ]
}

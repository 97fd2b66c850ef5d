// The relay's services, built once per app and reached by handlers as `app.services`.
import { SessionSockets } from './accounts/session-sockets'
import type { TokenClaims } from './accounts/tokens'
import type { RelayConfig } from './config'
import { LibraryService } from './docs/library-service'
import { UserDocs } from './docs/user-docs'
import type { MailTransport } from './mail/mail-transport'
import { RoomRegistry } from './rooms/rooms'
import type { RelayStorage } from './storage/relay-storage'

export interface RelayServices {
  config: RelayConfig
  storage: RelayStorage
  docs: UserDocs
  library: LibraryService
  mail: MailTransport
  rooms: RoomRegistry
  /** The room sockets of each session, closed when it ends. */
  sessions: SessionSockets
  now: () => number
}

/** Wires the services around one storage. */
export function createServices(
  config: RelayConfig,
  storage: RelayStorage,
  mail: MailTransport,
  now: () => number,
): RelayServices {
  const docs = new UserDocs(storage)
  return {
    config,
    storage,
    docs,
    library: new LibraryService(docs, storage),
    mail,
    rooms: new RoomRegistry(docs, storage.kind === 'postgres'),
    sessions: new SessionSockets(storage, now, storage.kind === 'postgres'),
    now,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    services: RelayServices
  }
  interface FastifyRequest {
    /** The user of a verified token (set by the authenticate hook). */
    user?: TokenClaims
  }
}

// Command-line helpers of the relay memory soak (scripts/src/bench/relay/soak.ts), run as child
// processes so they need none of the relay's packages in the scripts workspace and share no event
// loop with the relay or the load generator:
//
//   flood <roomsUrl> <token> <updates> <keys>   one room client sending <updates> library updates,
//                                                each rewriting one of <keys> bookmarks, as fast as
//                                                the socket takes them; prints {updates, bytes, ms}
//   stored <sqliteFile> <userId> <docPrefix>      rows and bytes the relay stores for that user's
//                                                docs named <docPrefix>… ('*' for every user),
//                                                read-only; prints {rows, bytes}
import Database from 'better-sqlite3'
import * as encoding from 'lib0/encoding'
import { WebSocket } from 'ws'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'

const MESSAGE_SYNC = 0

/** A single-use room ticket for `token`'s owner, as the apps ask for one (docs/adr/029). */
async function roomTicket(roomsUrl: string, token: string): Promise<string> {
  const response = await fetch(`${roomsUrl.replace(/^ws/, 'http')}/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ docName: 'library' }),
  })
  if (!response.ok) {
    throw new Error(`POST /rooms/tickets answered ${response.status}`)
  }
  return ((await response.json()) as { ticket: string }).ticket
}

async function flood(roomsUrl: string, token: string, updates: number, keys: number) {
  const ticket = await roomTicket(roomsUrl, token)
  const socket = new WebSocket(`${roomsUrl}/library?ticket=${encodeURIComponent(ticket)}`)
  socket.binaryType = 'arraybuffer'
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const doc = new Y.Doc()
  let bytes = 0
  doc.on('update', (update: Uint8Array) => {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeUpdate(encoder, update)
    const message = encoding.toUint8Array(encoder)
    bytes += message.length
    socket.send(message)
  })
  const bookmarks = doc.getMap('bookmarks')
  const started = performance.now()
  for (let index = 0; index < updates; index += 1) {
    const id = `flood-${index % keys}`
    bookmarks.set(id, {
      _id: id,
      url: `https://example.com/${index % keys}`,
      title: `Flood update ${index}`,
      createdAt: 1,
      updatedAt: 1 + index,
    })
    // Let the socket drain now and then, as a client's event loop would.
    if (socket.bufferedAmount > 1024 * 1024) {
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  }
  while (socket.bufferedAmount > 0) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  const ms = performance.now() - started
  socket.close()
  return { updates, bytes, ms }
}

function stored(file: string, userId: string, docPrefix: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const row = db
      .prepare<[string, string, string, string], { rows: number; bytes: number | null }>(
        `SELECT count(*) AS rows, sum(length(update_data)) AS bytes FROM doc_updates
         WHERE (user_id = ? OR ? = '*') AND substr(doc_name, 1, length(?)) = ?`,
      )
      .get(userId, userId, docPrefix, docPrefix)
    return { rows: row?.rows ?? 0, bytes: row?.bytes ?? 0 }
  } finally {
    db.close()
  }
}

async function main(args: readonly string[]): Promise<unknown> {
  const [command, ...rest] = args
  if (command === 'flood' && rest.length === 4) {
    return flood(rest[0]!, rest[1]!, Number(rest[2]), Number(rest[3]))
  }
  if (command === 'stored' && rest.length === 3) {
    return stored(rest[0]!, rest[1]!, rest[2]!)
  }
  throw new Error(
    'usage: soak-tools flood <roomsUrl> <token> <updates> <keys> | stored <file> <userId> <prefix>',
  )
}

main(process.argv.slice(2)).then(
  (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  },
)

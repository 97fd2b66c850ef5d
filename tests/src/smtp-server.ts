// A minimal SMTP server for the e2e tests (node:net, RFC 5321's plain commands, no TLS, no auth):
// the relay process sends through it (SMTP_URL) and the test reads what arrived, headers and
// decoded text and HTML parts. The relay's own tests use the same server from
// relay/src/testing/smtp-test-server.ts; apps do not import each other (as with relay-process.ts).
import { createServer, type Socket } from 'node:net'

/** One delivered message. */
export interface ReceivedMail {
  from: string
  to: string[]
  /** Header names in lower case, folded lines joined. */
  headers: Map<string, string>
  subject: string
  text: string
  html: string
  raw: string
}

export interface SmtpTestServer {
  /** `smtp://127.0.0.1:PORT` for SMTP_URL. */
  url: string
  mails: ReceivedMail[]
  /** Resolves with the first mail (already here or still to come) for which `match` holds. */
  waitForMail(match: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>
  close(): Promise<void>
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\r?\n/g, '')
  for (let index = 0; index < soft.length; index += 1) {
    const char = soft[index]!
    const hex = soft.slice(index + 1, index + 3)
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(char, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
    }
  }
  return headers
}

/** The decoded text/plain and text/html parts of a MIME entity. */
function parts(entity: string): { type: string; body: string }[] {
  const split = entity.search(/\r?\n\r?\n/)
  const headers = parseHeaders(split < 0 ? entity : entity.slice(0, split))
  const body = split < 0 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '')
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => parts(part.replace(/^\r?\n/, '')))
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body
  return [{ type: type.split(';')[0]!.trim().toLowerCase(), body: decoded.replace(/\r\n/g, '\n') }]
}

function parseMail(from: string, to: string[], raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/)
  const headers = parseHeaders(raw.slice(0, split))
  const found = parts(raw)
  return {
    from,
    to,
    headers,
    subject: headers.get('subject') ?? '',
    text: found.find((part) => part.type === 'text/plain')?.body.trimEnd() ?? '',
    html: found.find((part) => part.type === 'text/html')?.body.trimEnd() ?? '',
    raw,
  }
}

/** Starts the server on a free loopback port. */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = []
  const waiters: {
    match: (mail: ReceivedMail) => boolean
    resolve: (mail: ReceivedMail) => void
  }[] = []
  const sockets = new Set<Socket>()

  const deliver = (mail: ReceivedMail) => {
    mails.push(mail)
    for (const waiter of [...waiters]) {
      if (waiter.match(mail)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(mail)
      }
    }
  }

  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    let buffered = ''
    let from = ''
    let to: string[] = []
    let data: string[] | undefined
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 localhost Inkmark test SMTP')
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      buffered += chunk
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        if (data) {
          if (line === '.') {
            deliver(parseMail(from, to, data.join('\r\n')))
            data = undefined
            reply('250 OK: queued')
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line)
          }
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO' || command === 'HELO') {
          reply('250 localhost')
        } else if (command === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? ''
          to = []
          reply('250 OK')
        } else if (command === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
          reply('250 OK')
        } else if (command === 'DATA') {
          data = []
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (command === 'RSET') {
          from = ''
          to = []
          reply('250 OK')
        } else if (command === 'NOOP') {
          reply('250 OK')
        } else if (command === 'QUIT') {
          reply('221 Bye')
          socket.end()
        } else {
          reply('502 Command not implemented')
        }
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail: (match) => {
      const found = mails.find(match)
      return found
        ? Promise.resolve(found)
        : new Promise((resolve) => {
            waiters.push({ match, resolve })
          })
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) {
          socket.destroy()
        }
        server.close(() => resolve())
      }),
  }
}

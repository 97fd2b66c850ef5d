// Whether a port is free before `npm start` starts a service on it: a listen on every interface
// that fails with EADDRINUSE means something else holds the port (on 127.0.0.1, ::1 or beyond).
import { createServer } from 'node:net'

/** True when nothing holds `port`; false when something does. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolveFree, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') {
        resolveFree(false)
      } else {
        reject(error)
      }
    })
    server.listen({ port, exclusive: true }, () => server.close(() => resolveFree(true)))
  })
}

import { describe, expect, it } from 'vitest'
import { buildRelay } from '../testing/build'
import { describeSessions } from '../testing/sessions-suite'
import { openMemorySqlite } from '../testing/relay-harness'

describeSessions('SQLite', openMemorySqlite)

describe('dev outbox', () => {
  it('is refused beyond loopback even when the configuration is built by hand', async () => {
    await expect(buildRelay({ config: { devOutbox: true, host: '0.0.0.0' } })).rejects.toThrow(
      /allowed only on a loopback HOST/,
    )
  })
})

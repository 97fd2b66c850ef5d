import { describe, expect, it } from 'vitest'
import { configOrigins } from './server-config'

describe('configOrigins', () => {
  it('asks the relays in order, then the website when it is https', () => {
    expect(
      configOrigins(['https://relay.example', 'https://backup.example'], 'https://site.example'),
    ).toEqual(['https://relay.example', 'https://backup.example', 'https://site.example'])
  })

  it('leaves out a website that is not named or not https', () => {
    expect(configOrigins(['https://relay.example'], '')).toEqual(['https://relay.example'])
    expect(configOrigins(['https://relay.example'], 'http://site.example')).toEqual([
      'https://relay.example',
    ])
  })
})

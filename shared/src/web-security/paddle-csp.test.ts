import { describe, expect, it } from 'vitest'
import { serializePolicy, webappPolicy, withPaddleCheckout } from './security-headers'

describe("the web app policy with Paddle's checkout", () => {
  const own = webappPolicy({ relayUrl: 'https://relay.inkmark.example' })

  it('lets in no Paddle source unless the build takes payments through Paddle', () => {
    expect(serializePolicy(own)).not.toContain('paddle.com')
  })

  it("adds Paddle's CDN script and the environment's checkout frame, keeping own frames", () => {
    const sandbox = withPaddleCheckout(own, 'sandbox')
    expect(sandbox['script-src']).toEqual(["'self'", 'https://cdn.paddle.com'])
    expect(sandbox['frame-src']).toEqual(["'self'", 'https://sandbox-buy.paddle.com'])
    expect(withPaddleCheckout(own, 'production')['frame-src']).toEqual([
      "'self'",
      'https://buy.paddle.com',
    ])
    expect(sandbox['script-src']).not.toContain("'unsafe-inline'")
  })
})

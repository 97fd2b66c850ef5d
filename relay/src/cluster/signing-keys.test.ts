import { decodeProtectedHeader, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { signUserToken, verifyUserToken } from '../accounts/tokens'
import type { StoredUser } from '../storage/relay-storage'
import { decodeClusterEvent, encodeClusterEvent, type ClusterEvent } from './cluster-bus'
import { SigningKeyRing, signingKeyId } from './signing-keys'

const encode = (text: string) => new TextEncoder().encode(text)
const OLD = encode('o'.repeat(40))
const NEW = encode('n'.repeat(40))
const user: StoredUser = {
  id: 'u1',
  email: 'ada@example.com',
  passwordHash: 'x',
  createdAt: 0,
  emailConfirmed: true,
  plan: null,
  premium: false,
  sessionVersion: 0,
}
const now = 1_800_000_000

describe('signing keys', () => {
  it('sign with the current key, naming it; verify with any key the ring holds', async () => {
    const before = SigningKeyRing.configured(OLD)
    const after = SigningKeyRing.configured(NEW, [OLD])
    const oldToken = await signUserToken(user, before.current, now)
    const newToken = await signUserToken(user, after.current, now)
    expect(decodeProtectedHeader(newToken).kid).toBe(signingKeyId(NEW))
    expect(signingKeyId(NEW)).not.toContain('n'.repeat(8))
    expect((await verifyUserToken(oldToken, after, now))._id).toBe('u1')
    expect((await verifyUserToken(newToken, after, now))._id).toBe('u1')
    // A ring without the new key refuses its tokens; one without the old key, the old tokens.
    await expect(verifyUserToken(newToken, before, now)).rejects.toThrow()
    await expect(verifyUserToken(oldToken, SigningKeyRing.configured(NEW), now)).rejects.toThrow()
  })

  it('verify tokens from before key ids with whichever key signed them', async () => {
    const ring = SigningKeyRing.configured(NEW, [OLD])
    const sign = (secret: Uint8Array) =>
      new SignJWT({ _id: 'u1', sv: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('inkmark-relay')
        .setAudience('inkmark-clients')
        .setSubject('u1')
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(secret)
    expect((await verifyUserToken(await sign(OLD), ring, now))._id).toBe('u1')
    expect((await verifyUserToken(await sign(NEW), ring, now))._id).toBe('u1')
    await expect(verifyUserToken(await sign(encode('x'.repeat(40))), ring, now)).rejects.toThrow()
  })
})

describe('cluster events', () => {
  it('round-trip through their NOTIFY payloads; unknown payloads are ignored', () => {
    const events: ClusterEvent[] = [
      { type: 'doc', userId: 'u1', docName: 'pagecontent-p:1', updateId: 42 },
      { type: 'doc-deleted', userId: 'u1', docName: 'pagecontent-p:1' },
      { type: 'user', userId: 'u1', change: 'deleted' },
      { type: 'user', userId: 'u2', change: 'revoked' },
      { type: 'keys' },
    ]
    for (const event of events) {
      expect(decodeClusterEvent(encodeClusterEvent(event))).toEqual(event)
    }
    // As PostgreSQL's json_build_array writes them (with spaces).
    expect(decodeClusterEvent('["d", "u1", "library", 7]')).toEqual({
      type: 'doc',
      userId: 'u1',
      docName: 'library',
      updateId: 7,
    })
    expect(decodeClusterEvent('["x", "u1", "chat-c1"]')).toEqual({
      type: 'doc-deleted',
      userId: 'u1',
      docName: 'chat-c1',
    })
    for (const bad of [
      '',
      'null',
      '{}',
      '["x"]',
      '["x", "u1", 2]',
      '["d", 1, 2, 3]',
      '["u", "u1", "other"]',
    ]) {
      expect(decodeClusterEvent(bad)).toBeUndefined()
    }
  })
})

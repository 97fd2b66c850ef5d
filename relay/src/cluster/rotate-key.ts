// Rotating the signing keys relay instances share in PostgreSQL (ADR 085): a new key signs from
// now on, and every instance hears of it on the cluster bus. By default the keys it supersedes keep
// verifying until no token signed with them can still be valid (a token's lifetime after they were
// superseded); `retireOthers` drops them at once (a leaked key), which signs everyone out.
import { TOKEN_LIFETIME_SECONDS } from '../accounts/tokens'
import { makeSigningKey, type SigningKey, type SigningKeyStore } from './signing-keys'

/** Adds a new signing key; resolves the keys kept, newest (the new one) first. */
export async function rotateSigningKey(
  store: SigningKeyStore,
  nowMs: number,
  options: { retireOthers?: boolean } = {},
): Promise<SigningKey[]> {
  const key = makeSigningKey(nowMs)
  const retireBefore = nowMs - TOKEN_LIFETIME_SECONDS * 1000
  const keys = await store.rotateSigningKey(key, retireBefore, options.retireOthers === true)
  if (keys[0]?.id !== key.id) {
    throw new Error('The new signing key is not the newest one kept')
  }
  return keys
}

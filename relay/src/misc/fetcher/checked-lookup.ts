// The DNS lookup of the fetcher's sockets: resolves the name itself and hands the socket only
// addresses the policy allows, so the address that was checked is the address connected to (no
// DNS rebinding between a check and the connect). A name with any refused address is refused as a
// whole: a name that points at a private host too is not one to fetch from.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { classifyAddress, isAllowedAddress, isMetadataHostName } from './address-policy'

/** A refused target: what the route answers 422 UNREACHABLE_ADDRESS for. */
export class UnreachableAddressError extends Error {
  readonly code = 'UNREACHABLE_ADDRESS'
  constructor(readonly host: string) {
    super(`The address of ${host} is not on the public internet`)
    this.name = 'UnreachableAddressError'
  }
}

/** Resolves a name (or takes a literal address) and checks every address; throws when refused. */
export type ResolveChecked = (host: string) => Promise<LookupAddress[]>

/** How names resolve: node's resolver by default, a table in unit tests. */
export type Resolver = (host: string) => Promise<LookupAddress[]>

export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) {
        reject(error)
      } else {
        resolve(addresses)
      }
    })
  })

/** The checked resolver of a policy: every address allowed, else UnreachableAddressError. */
export function checkedResolver(allowLoopback: boolean, resolver: Resolver): ResolveChecked {
  return async (host) => {
    const bare = host.replace(/^\[|\]$/g, '')
    if (isMetadataHostName(bare)) {
      throw new UnreachableAddressError(bare)
    }
    const literal = classifyAddress(bare)
    const addresses =
      literal === 'not-an-address'
        ? await resolver(bare)
        : [{ address: bare, family: bare.includes(':') ? 6 : 4 }]
    if (
      addresses.length === 0 ||
      addresses.some(({ address }) => !isAllowedAddress(address, allowLoopback))
    ) {
      throw new UnreachableAddressError(bare)
    }
    return addresses
  }
}

/** A `lookup` for net/tls sockets that answers only checked addresses. */
export function checkedLookup(resolve: ResolveChecked): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((entry) => entry.family === options.family)
            : addresses
        if (options.all) {
          callback(null, wanted)
          return
        }
        const first = wanted[0]
        if (first === undefined) {
          callback(new UnreachableAddressError(hostname), '', 0)
          return
        }
        callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}

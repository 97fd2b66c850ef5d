// Which addresses the public fetcher may connect to: global unicast only. Private, loopback,
// link-local (cloud metadata lives there: 169.254.169.254), carrier-grade NAT, multicast,
// reserved, documentation and unspecified ranges are refused, and so are the IPv6 forms that carry
// an IPv4 address inside them (mapped, compatible, NAT64, 6to4, Teredo), which could otherwise
// reach a private IPv4 host. Loopback alone can be allowed, by tests (config.misc.fetcher).
import { BlockList, isIP } from 'node:net'

/** Why an address is refused, or 'public'. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'unspecified'
  | 'reserved'
  | 'ipv4-in-ipv6'
  | 'not-an-address'

const ranges: [AddressClass, string, number, 'ipv4' | 'ipv6'][] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['shared', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '192.88.99.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['ipv4-in-ipv6', '::ffff:0:0', 96, 'ipv6'],
  ['ipv4-in-ipv6', '::', 96, 'ipv6'],
  ['ipv4-in-ipv6', '64:ff9b::', 96, 'ipv6'],
  ['ipv4-in-ipv6', '64:ff9b:1::', 48, 'ipv6'],
  ['reserved', '100::', 64, 'ipv6'],
  ['ipv4-in-ipv6', '2001::', 32, 'ipv6'],
  ['reserved', '2001::', 23, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
  ['ipv4-in-ipv6', '2002::', 16, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['private', 'fec0::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
]

const lists = ranges.map(([kind, network, prefix, family]) => {
  const list = new BlockList()
  list.addSubnet(network, prefix, family)
  return { kind, list, family }
})

/** IPv6 global unicast (2000::/3): anything outside it is not on the public internet. */
const globalUnicast = new BlockList()
globalUnicast.addSubnet('2000::', 3, 'ipv6')

/** Host names that reach a cloud's metadata service whatever they resolve to. */
const METADATA_HOST_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
])

/** Whether `host` (lower case, no trailing dot) is the name of a metadata service. */
export function isMetadataHostName(host: string): boolean {
  const bare = host.toLowerCase().replace(/\.+$/, '')
  return METADATA_HOST_NAMES.has(bare) || bare.endsWith('.internal')
}

/** The class of an IP address as text (IPv6 with or without brackets). */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '')
  const version = isIP(bare)
  if (version === 0) {
    return 'not-an-address'
  }
  const family = version === 4 ? 'ipv4' : 'ipv6'
  for (const { kind, list, family: listFamily } of lists) {
    if (listFamily === family && list.check(bare, family)) {
      return kind
    }
  }
  if (family === 'ipv6' && !globalUnicast.check(bare, 'ipv6')) {
    return 'reserved'
  }
  return 'public'
}

/** Whether the fetcher may connect to `address` (loopback only when `allowLoopback`). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const kind = classifyAddress(address)
  return kind === 'public' || (allowLoopback && kind === 'loopback')
}

import { describe, expect, it } from 'vitest'
import { classifyAddress, isAllowedAddress, isMetadataHostName } from './address-policy'
import { checkedResolver, UnreachableAddressError } from './checked-lookup'
import { parseFetchUrl } from './fetch-page'

describe('the fetcher address policy', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['[2a00:1450:4001:80b::200e]', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'private'],
    ['fc00::1', 'private'],
    ['::ffff:127.0.0.1', 'ipv4-in-ipv6'],
    ['::ffff:7f00:1', 'ipv4-in-ipv6'],
    ['::ffff:8.8.8.8', 'ipv4-in-ipv6'],
    ['::127.0.0.1', 'ipv4-in-ipv6'],
    ['64:ff9b::a00:1', 'ipv4-in-ipv6'],
    ['2002:a00:1::', 'ipv4-in-ipv6'],
    ['2001:0:4136:e378::1', 'ipv4-in-ipv6'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    ['example.com', 'not-an-address'],
  ])('classifies %s as %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind)
  })

  it('allows loopback only when asked, and never the other private ranges', () => {
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false)
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true)
    expect(isAllowedAddress('::1', true)).toBe(true)
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(false)
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false)
    expect(isAllowedAddress('169.254.169.254', true)).toBe(false)
  })

  it('knows the metadata services by name', () => {
    expect(isMetadataHostName('metadata.google.internal')).toBe(true)
    expect(isMetadataHostName('METADATA.google.internal.')).toBe(true)
    expect(isMetadataHostName('example.com')).toBe(false)
  })

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:169.254.169.254]/', '[::ffff:a9fe:a9fe]'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['http://3232235777/', '192.168.1.1'],
  ])('reads the decimal, octal and hex trick %s as %s and refuses it', async (url, host) => {
    const parsed = parseFetchUrl(url)
    expect(parsed.hostname).toBe(host)
    const resolve = checkedResolver(false, () => Promise.reject(new Error('no DNS for literals')))
    await expect(resolve(parsed.hostname)).rejects.toBeInstanceOf(UnreachableAddressError)
  })

  it('refuses a name with any private address, and metadata names without asking DNS', async () => {
    const table: Record<string, string[]> = {
      'mixed.test': ['93.184.216.34', '10.0.0.5'],
      'public.test': ['93.184.216.34', '2606:4700:4700::1111'],
      'metadata.test': ['169.254.169.254'],
      'empty.test': [],
    }
    let asked = 0
    const resolve = checkedResolver(false, (host) => {
      asked += 1
      return Promise.resolve(
        (table[host] ?? []).map((address) => ({
          address,
          family: address.includes(':') ? 6 : 4,
        })),
      )
    })
    await expect(resolve('public.test')).resolves.toHaveLength(2)
    await expect(resolve('mixed.test')).rejects.toBeInstanceOf(UnreachableAddressError)
    await expect(resolve('metadata.test')).rejects.toBeInstanceOf(UnreachableAddressError)
    await expect(resolve('empty.test')).rejects.toBeInstanceOf(UnreachableAddressError)
    const before = asked
    await expect(resolve('metadata.google.internal')).rejects.toBeInstanceOf(
      UnreachableAddressError,
    )
    expect(asked).toBe(before)
  })

  it('refuses addresses that are not http(s) or carry credentials', () => {
    expect(() => parseFetchUrl('file:///etc/passwd')).toThrow('Only http and https')
    expect(() => parseFetchUrl('javascript:alert(1)')).toThrow('Only http and https')
    expect(() => parseFetchUrl('gopher://example.com/')).toThrow('Only http and https')
    expect(() => parseFetchUrl('not a url')).toThrow('not a valid URL')
    expect(() => parseFetchUrl('https://user:pw@example.com/')).toThrow('user name or password')
  })
})

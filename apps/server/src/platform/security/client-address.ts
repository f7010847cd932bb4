import ipaddr from 'ipaddr.js'

/**
 * The key a rate limit counts a client by (issue 40): an IPv4 address as it is, and an IPv6 address by
 * its /64, the block one machine or one household is given, so a client cannot make itself 2⁶⁴ clients
 * by changing the low bits of its address. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, as a
 * dual-stack socket reports it) is the IPv4 address. Parsed by ipaddr.js (Fastify's proxy-addr uses it).
 * Anything that does not parse (a test's fake address) is its own key.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const parts = parsed.toByteArray()
  const block = ipaddr.fromByteArray([...parts.slice(0, 8), 0, 0, 0, 0, 0, 0, 0, 0])
  return `${block.toString()}/64`
}

import { expect, it } from 'vitest'
import { clientAddressKey } from '../../src/platform/security/client-address'

it('keys an IPv4 address as it is and an IPv6 address by its /64 (issue 40)', () => {
  expect(clientAddressKey('192.0.2.1')).toBe('192.0.2.1')
  expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1')
  expect(clientAddressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
  expect(clientAddressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
  expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
  expect(clientAddressKey('::1')).toBe('::/64')
  // What does not parse (no socket gives one) is its own key rather than everyone's.
  expect(clientAddressKey('not an address')).toBe('not an address')
})

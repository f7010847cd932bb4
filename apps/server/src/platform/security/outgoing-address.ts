import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import ipaddr from 'ipaddr.js'

/** An outgoing request was refused: its host is a private, loopback, link-local or metadata address. */
export class PrivateAddressError extends Error {
  readonly code = 'PRIVATE_ADDRESS'
  constructor(
    readonly host: string,
    readonly address: string,
    /** Refused whatever the configuration says (link-local, the cloud's metadata service). */
    never = false,
  ) {
    super(
      never
        ? `${host} is a link-local or metadata address (${address}): the store never sends there`
        : `${host} is a private address (${address}): the store sends nothing there unless told to`,
    )
  }
}

/** Only public unicast addresses: not loopback, private, link-local (169.254.169.254, the metadata), … */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

/**
 * With private addresses allowed (WEBHOOK_ALLOW_PRIVATE, for an n8n on the same machine): loopback and
 * private networks too, never link-local (169.254.169.254, the cloud's metadata service, is one).
 */
export function isLoopbackOrPrivateAllowed(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ['unicast', 'loopback', 'private', 'uniqueLocal', 'carrierGradeNat'].includes(
    ipaddr.process(address).range(),
  )
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * A `lookup` for an http(s) Agent that refuses hosts resolving to a non-public address: checked on the
 * address the socket connects to, so a name that resolves to a private address later (DNS rebinding)
 * is refused too. A literal IP address goes through the same check.
 */
export function publicAddressLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  lookupAccepting(isPublicAddress)(hostname, options, callback)
}

/** A `lookup` that refuses hosts resolving to an address `accept` refuses (see `publicAddressLookup`). */
export function lookupAccepting(accept: (address: string) => boolean, never = false) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const refused = addresses.find((entry) => !accept(entry.address))
      if (refused) return callback(new PrivateAddressError(hostname, refused.address, never), [])
      if (options.all) return callback(null, addresses)
      const [first] = addresses
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), [])
      callback(null, first.address, first.family)
    })
  }
}

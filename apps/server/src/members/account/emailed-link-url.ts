import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { said, type ErrorMessage } from '../../platform/error-messages/error-message'
import type { StoreOrigin } from '../../platform/http/store-origin'

/**
 * The address an emailed link with a secret leads to (a recovery, a sign-in link): only on a configured
 * origin, never the request's `Host`. Without a configured origin the route is refused with `disabled`,
 * for every email alike, so the refusal tells nothing about accounts (decision 013).
 */
export function emailedLinkUrl(
  storeOrigin: Pick<StoreOrigin, 'configured' | 'redirectOrigins'>,
  url: () => string,
  disabled: ErrorMessage,
): URL {
  if (!storeOrigin.configured) throw new AppwriteError('general_service_disabled', disabled)
  const link = new URL(url())
  const origins = storeOrigin.redirectOrigins()
  if (!origins.includes(link.origin)) {
    throw invalidParam('url', said('urlHostReason', { hosts: origins.map((origin) => new URL(origin).host) }))
  }
  return link
}

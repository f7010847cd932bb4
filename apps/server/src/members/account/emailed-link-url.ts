import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { said, type ErrorMessage } from '../../platform/error-messages/error-message'
import type { StoreOrigin } from '../../platform/http/store-origin'

/**
 * The address an emailed link with a secret leads to (a recovery, a sign-in link): only on a configured
 * origin, never the request's `Host`. Without a configured origin the route is refused with `disabled`,
 * for every email alike, so the refusal tells nothing about accounts (decision 013).
 *
 * Only the store's own page for it, `path`, with nothing of the caller's but the origin (issue 40, L3): a
 * user name (`http://evil.example@shop/…` reads as evil.example in an email), a query or a fragment
 * would put the caller's words in the store's email, beside its secret.
 */
export function emailedLinkUrl(
  storeOrigin: Pick<StoreOrigin, 'configured' | 'redirectOrigins'>,
  url: () => string,
  rules: { path: string; disabled: ErrorMessage },
): URL {
  if (!storeOrigin.configured) throw new AppwriteError('general_service_disabled', rules.disabled)
  const text = url()
  const link = new URL(text)
  if (link.username !== '' || link.password !== '') throw invalidParam('url', said('urlUserInfoReason'))
  const origins = storeOrigin.redirectOrigins()
  if (!origins.includes(link.origin)) {
    throw invalidParam('url', said('urlHostReason', { hosts: origins.map((origin) => new URL(origin).host) }))
  }
  // `new URL` drops an empty `?` or `#`: the text says whether the caller sent one.
  if (link.pathname !== rules.path || link.search !== '' || link.hash !== '' || /[?#]/.test(text))
    throw invalidParam('url', said('urlPathReason', { path: rules.path }))
  return link
}

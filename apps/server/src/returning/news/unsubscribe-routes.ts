import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { StoreIdentityReader } from '../../mail/store-identity'
import { memberMailLanguage } from '../../members/account/member-mail-language'
import { requestLanguage } from '../../platform/error-messages/request-language'
import { closeAfterRefusal, leavesBodyUnread } from '../../platform/http/refused-body'
import type { NewsSubscription } from './news-subscription'
import { sendUnsubscribePage, type UnsubscribePageState } from './unsubscribe-page'
import { UNSUBSCRIBE_PATH, type UnsubscribeLinks } from './unsubscribe-link'

/** RFC 8058's body is one short field: anything longer is not one. */
const BODY_LIMIT = 4096

const linkParams = z.object({ userId: z.string(), signature: z.string() })

/** `List-Unsubscribe=One-Click` in a form body, url-encoded or multipart (RFC 8058 allows both). */
export function isOneClickBody(contentType: string | undefined, body: Buffer): boolean {
  const type = (contentType ?? '').toLowerCase()
  const text = body.toString('utf8')
  if (type.startsWith('application/x-www-form-urlencoded'))
    return new URLSearchParams(text).get('List-Unsubscribe') === 'One-Click'
  if (type.startsWith('multipart/form-data'))
    return /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?\s*\r?\n\r?\nOne-Click\r?\n/i.test(
      text,
    )
  return false
}

/**
 * The weekly email's unsubscribe link (decision 064), outside the API as download links are: the signed
 * link is who asks, checked from the address before a body is read (a forged one is refused and its body
 * never read). `GET` shows a page with a button, because mail scanners follow links; `POST` with
 * `List-Unsubscribe=One-Click` (a mail provider's one-click, RFC 8058, or that button) turns the email off.
 * Mail providers post with no Origin and no cookie, so no session is asked for.
 */
export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  {
    links,
    subscription,
    storeIdentity,
  }: { links: UnsubscribeLinks; subscription: NewsSubscription; storeIdentity: StoreIdentityReader },
): void {
  const subscribers = new WeakMap<FastifyRequest, { id: string; prefs: Record<string, unknown> }>()
  const languageOf = (request: FastifyRequest) => {
    const subscriber = subscribers.get(request)
    const asked = requestLanguage(request.headers)
    return subscriber ? memberMailLanguage(subscriber, asked) : asked
  }
  const page = async (request: FastifyRequest, reply: FastifyReply, state: UnsubscribePageState) => {
    const language = languageOf(request)
    return sendUnsubscribePage(reply, state, language, (await storeIdentity(language)).name)
  }

  void app.register(async (scope) => {
    // The body is read as bytes (at most 4 KB) and looked at only by the POST's handler.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    )
    scope.addHook('onRequest', async (request, reply) => {
      const params = linkParams.safeParse(request.params)
      const userId = params.success ? await links.memberOf(params.data.userId, params.data.signature) : null
      const subscriber = userId ? await subscription.find(userId) : null
      if (subscriber) {
        subscribers.set(request, subscriber)
        return
      }
      if (leavesBodyUnread(request)) closeAfterRefusal(request, reply)
      return page(request, reply, 'invalid')
    })

    const url = `${UNSUBSCRIBE_PATH}/:userId/:signature`
    scope.get(url, async (request, reply) => {
      const subscriber = subscribers.get(request)
      const state = subscriber?.prefs.newsEmail === false ? 'done' : 'ask'
      return page(request, reply, state)
    })
    scope.post(url, async (request, reply) => {
      const subscriber = subscribers.get(request)
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      if (!subscriber || !isOneClickBody(request.headers['content-type'], body))
        return page(request, reply, 'bad-request')
      const found = await subscription.turnOff(subscriber.id)
      return page(request, reply, found ? 'done' : 'invalid')
    })
  })
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppwriteError, errorBody } from '../appwrite/errors'
import { said } from '../error-messages/error-message'
import { isDatabaseUnavailable } from '../db/database-availability'
import { isStatementTimeout } from '../db/errors'
import { isApiRequest } from './api-scope'
import { requestLanguage } from '../error-messages/request-language'

/** The page a browser's request gets when the API has no answer for it (pages/web-app.ts gives it). */
export type PageFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>

/**
 * While the database cannot be reached: Appwrite's 503 (it has no type of its own for this), and a hint
 * when to try again. Not logged per request: the database's availability is logged once (decision 021).
 */
const databaseUnavailable = () =>
  new AppwriteError('general_service_disabled', said('databaseUnreachable'), { 'Retry-After': '5' })

/** Statuses Fastify itself raises for malformed requests, mapped onto Appwrite types and words. */
function fromFrameworkError(error: FastifyError): AppwriteError | null {
  const status = error.statusCode ?? 500
  if (status >= 500) return null
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppwriteError('general_argument_invalid', said('bodyTooLarge'))
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppwriteError('general_argument_invalid', said('bodyNotJsonType'))
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new AppwriteError('general_argument_invalid', said('bodyNotJson'))
  }
  return new AppwriteError('general_argument_invalid', said('requestNotUnderstood'))
}

/**
 * The single place that renders errors: the Appwrite shape, never a stack trace or SQL, the message in the
 * language the request asks for (`X-Appwrite-Locale`, else `Accept-Language`, else Spanish).
 */
export function installErrorHandler(
  app: FastifyInstance,
  options: { development: boolean; page?: PageFallback | null },
): void {
  app.setErrorHandler((raw, request, reply) => {
    if (isStatementTimeout(raw)) {
      // The owner should hear of a request no budget kept under the timeout; the route, not its values.
      request.log.warn({ route: request.routeOptions.url }, 'a statement ran past the statement timeout')
    }
    const error =
      raw instanceof AppwriteError
        ? raw
        : isDatabaseUnavailable(raw)
          ? databaseUnavailable()
          : isStatementTimeout(raw)
            ? new AppwriteError('database_timeout')
            : fromFrameworkError(raw as FastifyError)
    const language = requestLanguage(request.headers)
    if (!error) {
      request.log.error({ err: raw }, 'unhandled error')
      const body = errorBody(new AppwriteError('general_unknown'), language)
      if (options.development && raw instanceof Error) Object.assign(body, { detail: raw.message })
      return reply.code(500).header('Cache-Control', 'no-store').send(body)
    }
    return reply
      .code(error.status)
      .headers(error.headers)
      .header('Cache-Control', 'no-store')
      .send(errorBody(error, language))
  })
  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request)) {
      return reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .send(errorBody(new AppwriteError('general_route_not_found'), requestLanguage(request.headers)))
    }
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/media/')
    if (wantsPage && options.page) return options.page(request, reply)
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
  })
}

import type { FastifyError, FastifyInstance } from 'fastify'
import { AppwriteError, errorBody } from '../appwrite/errors'
import type { PageFallback } from '../web/web-app'

/** Statuses Fastify itself raises for malformed requests, mapped onto Appwrite types and words. */
function fromFrameworkError(error: FastifyError): AppwriteError | null {
  const status = error.statusCode ?? 500
  if (status >= 500) return null
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppwriteError('general_argument_invalid', 'The request body is too large.')
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppwriteError('general_argument_invalid', 'The request body must be sent as application/json.')
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new AppwriteError('general_argument_invalid', 'The request body is not valid JSON.')
  }
  return new AppwriteError('general_argument_invalid', 'The request could not be understood.')
}

/** The single place that renders errors: the Appwrite shape, never a stack trace or SQL. */
export function installErrorHandler(
  app: FastifyInstance,
  options: { development: boolean; page?: PageFallback | null },
): void {
  app.setErrorHandler((raw, request, reply) => {
    const error = raw instanceof AppwriteError ? raw : fromFrameworkError(raw as FastifyError)
    if (!error) {
      request.log.error({ err: raw }, 'unhandled error')
      const body = errorBody(new AppwriteError('general_unknown'))
      if (options.development && raw instanceof Error) Object.assign(body, { detail: raw.message })
      return reply.code(500).header('Cache-Control', 'no-store').send(body)
    }
    return reply
      .code(error.status)
      .headers(error.headers)
      .header('Cache-Control', 'no-store')
      .send(errorBody(error))
  })
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/v1/') || request.url === '/v1') {
      return reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .send(errorBody(new AppwriteError('general_route_not_found')))
    }
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/media/')
    if (wantsPage && options.page) return options.page(request, reply)
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
  })
}

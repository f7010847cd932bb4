import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ID_PATTERN } from '@pg/shared/constants'
import type { DatabaseHandle } from '../../platform/db/client'
import { createCatalogRepository } from '../editing/catalog-repository'
import { renderThumbnailSvg } from './thumbnail-svg'

/**
 * Thumbnails are drawn by the server from the project itself: no page needs the internet for images.
 * They show a project's title and category, which only members may read (issue 28, item 8): a visitor
 * gets the same 404 as for an id that does not exist, before any project is looked up, so the answer
 * says nothing about which ids exist. The landing page's samples are the web build's own images.
 */
export function registerThumbnailRoutes(
  app: FastifyInstance,
  database: DatabaseHandle,
  authenticate: (request: FastifyRequest) => Promise<unknown>,
): void {
  const catalog = createCatalogRepository(database.db)
  app.get('/media/thumbnails/:file', async (request, reply) => {
    const { file } = request.params as { file: string }
    const id = file.endsWith('.svg') ? file.slice(0, -4) : ''
    const member = ID_PATTERN.test(id) ? await authenticate(request) : null
    const subject = member === null ? undefined : await catalog.thumbnailSubject(id)
    if (!subject)
      return reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Not found')
    const svg = renderThumbnailSvg({ id, title: subject.title, categoryName: subject.categoryName })
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`
    reply
      .header('ETag', etag)
      // The member's browser keeps it; no shared cache may, as it is not for everyone.
      .header('Cache-Control', 'private, max-age=86400, stale-while-revalidate=604800')
      .header('Vary', 'Cookie')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type('image/svg+xml; charset=utf-8').send(svg)
  })
}

import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { ID_PATTERN } from '@pg/shared/constants'
import type { DatabaseHandle } from '../db/client'
import { createCatalogRepository } from './catalog-repository'
import { renderThumbnailSvg } from './thumbnail-svg'

/** Thumbnails are drawn by the server from the project itself: no page needs the internet for images. */
export function registerThumbnailRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const catalog = createCatalogRepository(database.db)
  app.get('/media/thumbnails/:file', async (request, reply) => {
    const { file } = request.params as { file: string }
    const id = file.endsWith('.svg') ? file.slice(0, -4) : ''
    const subject = ID_PATTERN.test(id) ? await catalog.thumbnailSubject(id) : undefined
    if (!subject) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    const svg = renderThumbnailSvg({ id, title: subject.title, categoryName: subject.categoryName })
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type('image/svg+xml; charset=utf-8').send(svg)
  })
}

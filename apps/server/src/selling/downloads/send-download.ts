import path from 'node:path'
import { send } from '@fastify/send'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { productFileName } from './download-file'

/**
 * Every answer of a download link: the buyer's alone, never kept by a cache or proxy, nothing a browser
 * would run. Links are outside the API (no CORS, no project header): a browser simply follows them.
 */
const DOWNLOAD_HEADERS = {
  'Cache-Control': 'private, no-store',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Robots-Tag': 'noindex',
}

/** A plain answer the buyer's browser shows as it is (Spanish first, as the store's pages are). */
export function sendDownloadText(
  reply: FastifyReply,
  status: number,
  text: { es: string; en: string },
  headers: Record<string, string> = {},
) {
  return reply
    .code(status)
    .headers({ ...DOWNLOAD_HEADERS, ...headers })
    .type('text/plain; charset=utf-8')
    .send(`${text.es}\n\n${text.en}\n`)
}

export const NOT_AVAILABLE_NOW = {
  es: 'La descarga no está disponible en este momento. Vuelve a intentarlo más tarde desde «Mi compra» o escribe a soporte.',
  en: 'The download is not available at the moment. Please try again later from “My purchase”, or write to support.',
}

/**
 * Streams the file with @fastify/send: Range (206, 416), If-Range, ETag and Last-Modified, HEAD.
 * Its own error pages are replaced by plain words that never name the file or its folder.
 */
export async function sendDownloadFile(request: FastifyRequest, reply: FastifyReply, file: string) {
  // The folder is the root and the name a single encoded segment: send decodes it back, nothing more.
  const result = await send(request.raw, `/${encodeURIComponent(path.basename(file))}`, {
    root: path.dirname(file),
    dotfiles: 'allow',
    index: false,
    cacheControl: false,
  })
  if (result.type !== 'file') {
    result.stream.destroy()
    if (result.statusCode === 416) {
      return sendDownloadText(
        reply,
        416,
        {
          es: 'El rango pedido está fuera del archivo. Vuelve a empezar la descarga.',
          en: 'The requested range is outside the file. Start the download again.',
        },
        { 'Content-Range': result.headers['Content-Range'] ?? '' },
      )
    }
    if (result.statusCode === 412) {
      return sendDownloadText(reply, 412, {
        es: 'El archivo ha cambiado desde que empezó la descarga. Vuelve a empezarla.',
        en: 'The file changed since the download started. Start it again.',
      })
    }
    // Removed or made unreadable between the check and now.
    return sendDownloadText(reply, 503, NOT_AVAILABLE_NOW, { 'Retry-After': '60' })
  }
  return reply
    .code(result.statusCode)
    .headers(result.headers)
    .headers(DOWNLOAD_HEADERS)
    .header('Content-Disposition', `attachment; filename="${productFileName(file)}"`)
    .send(result.stream)
}

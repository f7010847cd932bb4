import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ID_PATTERN } from '@pg/shared/constants'
import { DOWNLOAD_VALID_DAYS } from '@pg/shared/purchase'
import { z } from 'zod'
import type { Member } from '../../members/account/account-service'
import { AppwriteError } from '../../platform/appwrite/errors'
import { registerRouteTable, type RouteDefinition } from '../../platform/http/route-table'
import { DOWNLOAD_LINK_MINUTES, type LinkRefusal, type PurchaseService } from './purchase-service'
import { NOT_AVAILABLE_NOW, sendDownloadFile, sendDownloadText } from './send-download'

export function purchaseRoutes(purchases: PurchaseService): RouteDefinition<Member>[] {
  return [
    {
      method: 'GET',
      url: '/v1/store/purchase',
      access: 'member',
      handler: async ({ member }) => purchases.purchase(member.user.id),
    },
    {
      method: 'POST',
      url: '/v1/store/purchase/orders/:orderId/download',
      access: 'member',
      handler: async ({ request, reply, member }) => {
        const link = await purchases.issueDownload(member.user.id, orderIdOf(request))
        reply.code(201)
        return link
      },
    },
  ]
}

/** The short-lived link is the credential (GET and, by Fastify, HEAD): no session, so a plain download works. */
export function downloadRoutes(purchases: PurchaseService): RouteDefinition<null>[] {
  return [
    {
      method: 'GET',
      url: '/downloads/:secret',
      access: 'public',
      handler: async ({ request, reply }) => {
        const secret = z.object({ secret: z.string().regex(/^[0-9a-f]{64}$/) }).safeParse(request.params)
        const opened = secret.success ? await purchases.openDownload(secret.data.secret) : null
        if (opened === null) return refuse(reply, 'unknown')
        if ('refusal' in opened) return refuse(reply, opened.refusal)
        return sendDownloadFile(request, reply, opened.file)
      },
    },
  ]
}

const AGAIN = {
  es: 'Vuelve a empezar la descarga desde «Mi compra».',
  en: 'Start the download again from “My purchase”.',
}

const REFUSALS: Record<LinkRefusal, { status: number; text: { es: string; en: string } }> = {
  unknown: {
    status: 404,
    text: {
      es: `Este enlace de descarga no es válido. ${AGAIN.es}`,
      en: `This download link is not valid. ${AGAIN.en}`,
    },
  },
  expired: {
    status: 410,
    text: {
      es: `Este enlace de descarga ha caducado (dura ${DOWNLOAD_LINK_MINUTES} minutos). ${AGAIN.es} Las descargas están disponibles ${DOWNLOAD_VALID_DAYS} días después de la compra.`,
      en: `This download link has expired (it lasts ${DOWNLOAD_LINK_MINUTES} minutes). ${AGAIN.en} Downloads are available for ${DOWNLOAD_VALID_DAYS} days after the purchase.`,
    },
  },
  ended: {
    status: 410,
    text: {
      es: 'Esta descarga ya no está disponible: la compra ya no está pagada. Escribe a soporte si crees que es un error.',
      en: 'This download is no longer available: the purchase is no longer paid. Write to support if you think this is a mistake.',
    },
  },
  // The member was disabled, blocked or deleted after the link was issued.
  member_ended: {
    status: 403,
    text: {
      es: 'Esta cuenta ya no tiene acceso a las descargas. Escribe a soporte si crees que es un error.',
      en: 'This account no longer has access to downloads. Write to support if you think this is a mistake.',
    },
  },
  not_configured: { status: 503, text: NOT_AVAILABLE_NOW },
}

function refuse(reply: FastifyReply, refusal: LinkRefusal) {
  const { status, text } = REFUSALS[refusal]
  return sendDownloadText(reply, status, text, status === 503 ? { 'Retry-After': '60' } : {})
}

/** An id that cannot exist is simply not found, without asking the database. */
function orderIdOf(request: FastifyRequest): string {
  const params = z.object({ orderId: z.string().regex(ID_PATTERN) }).safeParse(request.params)
  if (!params.success) throw new AppwriteError('order_not_found')
  return params.data.orderId
}

export function registerDownloadRoutes(
  app: FastifyInstance,
  purchases: PurchaseService,
  authenticate: (request: FastifyRequest) => Promise<Member | null>,
): void {
  registerRouteTable(app, purchaseRoutes(purchases), { authenticate, unauthorized: 'user_unauthorized' })
  registerRouteTable(app, downloadRoutes(purchases), {
    authenticate: async () => null,
    unauthorized: 'user_unauthorized',
  })
}

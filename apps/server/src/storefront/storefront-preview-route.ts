import { SEO_PAGES, storefrontContentSchema, type StorefrontLanguage } from '@pg/shared/storefront/content'
import { z } from 'zod'
import { fillPage, type PageRequest } from '../pages/page-store'
import { PAGE_SECURITY_POLICY } from '../pages/web-app'
import { AppwriteError, invalidParam } from '../platform/appwrite/errors'
import { queryParams } from '../platform/appwrite/params'
import { said } from '../platform/error-messages/error-message'
import type { RouteDefinition } from '../platform/http/route-table'
import type { SignedIn } from '../platform/http/signed-in'
import type { Storefront } from './storefront-wing'

const URL = '/v1/store/storefront'

const previewQuerySchema = z.object({
  page: z.enum(SEO_PAGES).default('/landing-pack-apps'),
  lang: z.enum(['es', 'en']).default('es'),
})

/** The page's name among the build's files: `/` is `index`; the landing page without a checkout, its own. */
function pageName(page: (typeof SEO_PAGES)[number], checkout: boolean): string {
  if (page === '/') return 'index'
  return page === '/landing-pack-apps' && !checkout ? 'landing-pack-apps.no-checkout' : page.slice(1)
}

/**
 * `GET /v1/store/storefront/preview?page=/faq&lang=en`: one public page of the draft (else of the
 * published content), drawn by the storefront's worker and filled in as a visitor's page is, for the
 * console's sandboxed frame: never cached, never indexed, under the pages' policy.
 */
export function previewRoute({ service, pages, settings }: Storefront): RouteDefinition<SignedIn> {
  return {
    method: 'GET',
    url: `${URL}/preview`,
    access: 'admin',
    handler: async ({ request, reply }) => {
      const parsed = previewQuerySchema.safeParse(queryParams(request))
      if (!parsed.success) {
        const name = parsed.error.issues[0]?.path[0] === 'lang' ? 'lang' : 'page'
        throw invalidParam(
          name,
          name === 'lang'
            ? said('oneOfReason', { values: ['es', 'en'] })
            : said('storefrontPreviewPage', { pages: SEO_PAGES }),
        )
      }
      const language: StorefrontLanguage = parsed.data.lang
      const name = pageName(parsed.data.page, settings.checkoutUrl !== undefined)
      const { published, draft } = await service.read()
      // The draft as the console saved it (checked then); the published content when there is none.
      const content = storefrontContentSchema.safeParse(draft?.content ?? published.content)
      if (!content.success)
        throw new AppwriteError('storefront_preview_unavailable', said('storefrontDrawingFailed'))
      let html: string | undefined
      try {
        html = (await pages.preview(content.data, { language, names: [name] }))[`${language}/${name}`]
      } catch (error) {
        // A build that cannot draw is said once, at start; a content that fails to draw is worth a look.
        if (pages.canDraw()) request.log.error({ err: error }, 'drawing the storefront preview failed')
      }
      if (html === undefined)
        throw new AppwriteError(
          'storefront_preview_unavailable',
          said(pages.canDraw() ? 'storefrontDrawingFailed' : 'storefrontRendererMissing'),
        )
      const page: PageRequest = { language, name, englishAddress: language === 'en', session: 'none' }
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', PAGE_SECURITY_POLICY)
        .header('X-Robots-Tag', 'noindex')
        .send(fillPage(html, page, settings, settings.origin()))
    },
  }
}

import type { TFunction } from 'i18next'

/** Every key of the content (content.ts), each with its label in the console's texts. */
const LABELLED = [
  'store',
  'name',
  'tagline',
  'supportEmail',
  'copyrightHolder',
  'socialLinks',
  'network',
  'url',
  'landing',
  'hero',
  'eyebrow',
  'title',
  'subtitle',
  'points',
  'secondary',
  'buyLabel',
  'carousel',
  'heading',
  'intro',
  'apps',
  'source',
  'projectId',
  'description',
  'image',
  'problem',
  'solution',
  'steps',
  'features',
  'items',
  'benefits',
  'trust',
  'badges',
  'icon',
  'offer',
  'productName',
  'productDescription',
  'price',
  'amount',
  'currency',
  'priceNote',
  'bonusLabel',
  'bonuses',
  'value',
  'summary',
  'refundNote',
  'refundLink',
  'faq',
  'more',
  'finalCta',
  'text',
  'question',
  'answer',
  'group',
  'onLanding',
  'pages',
  'legalTerms',
  'privacyPolicy',
  'refundPolicy',
  'whoWeAre',
  'body',
  'updatedOn',
  'seo',
  'siteDescription',
  'imageAlt',
  'socialTitle',
] as const
export type ContentKey = (typeof LABELLED)[number]
const labelled = new Set<string>(LABELLED)
const isLabelled = (segment: string): segment is ContentKey => labelled.has(segment)

/**
 * A field's path in the owner's words: `faq.2.answer.es` is "Preguntas frecuentes › n.º 3 › Respuesta
 * (español)". A key newer than these labels (or a page's address) is shown as it is.
 */
export function describePath(path: string, t: TFunction): string {
  const segments = path.split('.').filter(Boolean)
  const last = segments.at(-1)
  const language = last === 'es' || last === 'en' ? last : undefined
  if (language) segments.pop()
  const words = segments.map((segment) => {
    if (/^\d+$/.test(segment)) return t('consoleStorefront.paths.item', { number: Number(segment) + 1 })
    return isLabelled(segment) ? t(`consoleStorefront.labels.${segment}`) : segment
  })
  const field = words.length > 0 ? words.join(' › ') : t('consoleStorefront.paths.whole')
  return language ? t(`consoleStorefront.paths.${language}`, { field }) : field
}

import { currencyDigits } from '../money'
import {
  INFO_PAGES,
  SEO_PAGES,
  type CarouselApp,
  type LocalizedText,
  type StorefrontContent,
  type StorefrontLanguage,
  type StorefrontPrice,
} from './content'
import { renderMarkdown } from './markdown'
import type { ResolvedStorefront } from './resolved'

/** What a carousel app picked from the catalogue shows: the project as the catalogue has it now. */
export interface CarouselProject {
  title: string
  subtitle: string | null
  thumbnailUrl: string | null
}

export interface ResolveOptions {
  /** SUPPORT_EMAIL, else the built-in address: the support address when the content names none. */
  supportEmail: string
  /** The catalogue's projects the carousel names; one missing (deleted since) is left out. */
  projects?: ReadonlyMap<string, CarouselProject>
}

/**
 * "25 US$" in Spanish, "$25" in English: the store's money formatter (money.ts, Intl) in the page's
 * language, without decimals when the amount has none.
 */
export function formatPrice(price: StorefrontPrice, language: StorefrontLanguage): string {
  const amount = Number(price.amount)
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: price.currency,
    trailingZeroDisplay: 'stripIfInteger',
  }).format(amount)
}

/** "25.00": the amount as schema.org's Offer writes it, with the currency's own digits. */
export function schemaPrice(price: StorefrontPrice): string {
  return Number(price.amount).toFixed(currencyDigits(price.currency) ?? 2)
}

/**
 * One language's storefront: every text in `language` (an English text left empty shows the Spanish
 * one), `{price}`, `{email}` and `{count}` filled in, the information pages' Markdown made into
 * sanitised HTML. Pure: the same content gives the same pages.
 */
export function resolveStorefront(
  content: StorefrontContent,
  language: StorefrontLanguage,
  options: ResolveOptions,
): ResolvedStorefront {
  const price = formatPrice(content.landing.offer.price, language)
  const email = content.store.supportEmail || options.supportEmail
  const apps = content.landing.carousel.apps.flatMap((app) => carouselApp(app))
  const fill = (value: string) =>
    value.replaceAll('{price}', price).replaceAll('{email}', email).replaceAll('{count}', String(apps.length))
  const say = (localized: LocalizedText) =>
    fill(localized.en && language === 'en' ? localized.en : localized.es)
  const sayAll = (list: LocalizedText[]) => list.map(say)
  const sayTitled = (list: { title: LocalizedText; description: LocalizedText }[]) =>
    list.map((item) => ({ title: say(item.title), description: say(item.description) }))

  function carouselApp(app: CarouselApp): { title: string; description: string; image: string | null }[] {
    if (app.source === 'manual')
      return [{ title: pick(app.title), description: pick(app.description), image: app.image }]
    const project = options.projects?.get(app.projectId)
    return project
      ? [{ title: project.title, description: project.subtitle ?? '', image: project.thumbnailUrl }]
      : []
  }
  // The carousel's own texts take no tokens.
  function pick(localized: LocalizedText) {
    return localized.en && language === 'en' ? localized.en : localized.es
  }

  const { landing } = content
  const groups = new Map<string, ResolvedStorefront['faqGroups'][number]>()
  content.faq.forEach((entry, index) => {
    const title = say(entry.group)
    const group = groups.get(title) ?? { title, entries: [] }
    group.entries.push({ id: `faq-${index + 1}`, question: say(entry.question), answer: say(entry.answer) })
    groups.set(title, group)
  })

  return {
    language,
    store: {
      name: say(content.store.name),
      tagline: say(content.store.tagline),
      supportEmail: email,
      copyrightHolder: content.store.copyrightHolder || say(content.store.name),
      socialLinks: content.store.socialLinks,
    },
    price: {
      amount: schemaPrice(landing.offer.price),
      currency: landing.offer.price.currency,
      formatted: price,
    },
    landing: {
      hero: {
        eyebrow: say(landing.hero.eyebrow),
        title: say(landing.hero.title),
        subtitle: say(landing.hero.subtitle),
        points: sayAll(landing.hero.points),
        secondary: say(landing.hero.secondary),
      },
      buyLabel: say(landing.buyLabel),
      carousel: { heading: say(landing.carousel.heading), intro: say(landing.carousel.intro), apps },
      problem: {
        heading: say(landing.problem.heading),
        intro: say(landing.problem.intro),
        points: sayAll(landing.problem.points),
      },
      solution: {
        heading: say(landing.solution.heading),
        intro: say(landing.solution.intro),
        steps: sayTitled(landing.solution.steps),
      },
      features: { heading: say(landing.features.heading), items: sayTitled(landing.features.items) },
      benefits: { heading: say(landing.benefits.heading), items: sayAll(landing.benefits.items) },
      trust: {
        heading: say(landing.trust.heading),
        badges: landing.trust.badges.map((badge) => ({
          icon: badge.icon,
          title: say(badge.title),
          description: say(badge.description),
        })),
      },
      offer: {
        title: say(landing.offer.title),
        intro: say(landing.offer.intro),
        productName: say(landing.offer.productName),
        productDescription: say(landing.offer.productDescription),
        priceNote: say(landing.offer.priceNote),
        items: sayAll(landing.offer.items),
        bonusLabel: say(landing.offer.bonusLabel),
        bonuses: landing.offer.bonuses.map((bonus) => ({
          name: say(bonus.name),
          value: say(bonus.value),
          description: say(bonus.description),
        })),
        summary: say(landing.offer.summary),
        refundNote: say(landing.offer.refundNote),
        refundLink: say(landing.offer.refundLink),
      },
      faq: {
        heading: say(landing.faq.heading),
        more: say(landing.faq.more),
        entries: content.faq
          .filter((entry) => entry.onLanding)
          .map((entry) => ({ question: say(entry.question), answer: say(entry.answer) })),
      },
      finalCta: { heading: say(landing.finalCta.heading), text: say(landing.finalCta.text) },
    },
    faqGroups: [...groups.values()],
    pages: Object.fromEntries(
      INFO_PAGES.map((key) => {
        const page = content.pages[key]
        // In Markdown the address is a link; elsewhere it is the address itself. Its text escaped: the
        // build's placeholder (`__PG_SUPPORT_EMAIL__`), or an address with `_` or `*`, is no emphasis.
        const linkText = email.replace(/[\\`*_[\]]/g, '\\$&')
        const body = (page.body.en && language === 'en' ? page.body.en : page.body.es)
          .replaceAll('{email}', `[${linkText}](mailto:${email})`)
          .replaceAll('{price}', price)
          .replaceAll('{count}', String(apps.length))
        return [key, { title: say(page.title), ...renderMarkdown(body), updatedOn: page.updatedOn }]
      }),
    ) as ResolvedStorefront['pages'],
    seo: {
      siteDescription: say(content.seo.siteDescription),
      imageAlt: say(content.seo.imageAlt),
      image: content.seo.image,
      pages: Object.fromEntries(
        SEO_PAGES.map((path) => {
          const seo = content.seo.pages[path]
          return [
            path,
            { title: say(seo.title), description: say(seo.description), socialTitle: say(seo.socialTitle) },
          ]
        }),
      ) as ResolvedStorefront['seo']['pages'],
    },
  }
}

import { z } from 'zod'
import { multiLineText, singleLineText } from '../plain-text'
import { BADGE_ICONS, SEO_PAGES, SOCIAL_NETWORKS, type SeoPage } from './names'

// The storefront's lists of names live in names.ts, which the browser reads without this module's
// schemas (making them costs the members' app ~200 ms of a throttled phone's main thread).
export {
  BADGE_ICONS,
  INFO_PAGE_PATHS,
  INFO_PAGES,
  SEO_PAGES,
  SOCIAL_NETWORKS,
  STOREFRONT_LANGUAGES,
  type BadgeIcon,
  type InfoPageKey,
  type SeoPage,
  type SocialNetwork,
  type StorefrontLanguage,
} from './names'

/**
 * The owner's storefront (issue 41, decision 073): every word, price and policy of the public pages, as
 * the console edits it and the server keeps it in versions. Texts are in both languages: Spanish is
 * required, English may be left empty, and an empty English text shows the Spanish one on the English
 * page. Texts may hold tokens the pages fill in (`{price}`, `{email}`, `{count}`: `resolve.ts`).
 * The interface's own words (buttons, labels, aria texts) stay in the web app's locale files.
 */

export const STOREFRONT_LIMITS = {
  title: 160,
  text: 600,
  answer: 2000,
  /** An information page's Markdown, per language. */
  markdown: 60_000,
  listItems: 12,
  faqEntries: 40,
  carouselApps: 30,
  socialLinks: 8,
  bonuses: 6,
  badges: 6,
  /** The whole content as JSON: what a draft, a version or an import may weigh. */
  bytes: 400_000,
} as const

/** Tokens a text may hold, filled in for each language when the pages are drawn. */
export const STOREFRONT_TOKENS = ['{price}', '{email}', '{count}'] as const

/**
 * A text: no control character, bidirectional override or `\r` (plain-text.ts's rules, decision 058);
 * one line: no line break or tab either.
 */
const plain = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => multiLineText(value) === value, { message: 'controlCharacters' })
const line = (max: number) =>
  plain(max).refine((value) => singleLineText(value) === value, { message: 'oneLine' })

/** A text in both languages; Spanish required, English empty when not translated. */
const localized = (max: number, shape: (max: number) => z.ZodType<string> = line) =>
  z.strictObject({ es: shape(max).pipe(z.string().min(1)), en: shape(max) })
/** A text both languages may leave empty. */
const optionalLocalized = (max: number, shape: (max: number) => z.ZodType<string> = line) =>
  z.strictObject({ es: shape(max), en: shape(max) })

export type LocalizedText = z.infer<ReturnType<typeof localized>>

const itemList = (max: number = STOREFRONT_LIMITS.listItems) =>
  z.array(localized(STOREFRONT_LIMITS.text)).max(max)
const titled = z.strictObject({
  title: localized(STOREFRONT_LIMITS.title),
  description: localized(STOREFRONT_LIMITS.text),
})

/** A link the pages may show: https or http, or an email address (`mailto:`). */
export const storefrontLinkSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (value) => {
      try {
        const url = new URL(value)
        if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(url.pathname)
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.username === '' &&
          url.password === ''
        )
      } catch {
        return false
      }
    },
    { message: 'link' },
  )

/** An image of a carousel app given by hand: the store's own path (`/samples/…`) or an https address. */
const imageSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (value) =>
      (/^\/[A-Za-z0-9._~/-]+$/.test(value) && !value.includes('..')) || /^https:\/\/[^\s"'<>]+$/.test(value),
    {
      message: 'image',
    },
  )

/**
 * The price: an amount with at most 2 decimals, positive, written as the owner typed it ("29", "29.90"),
 * and an ISO 4217 currency Intl knows.
 */
export const priceSchema = z.strictObject({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: 'priceAmount', abort: true })
    .refine((value) => Number(value) > 0, { message: 'priceAmount' }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'currency', abort: true })
    .refine(
      (code) => {
        try {
          return Intl.supportedValuesOf('currency').includes(code)
        } catch {
          return false
        }
      },
      { message: 'currency' },
    ),
})
export type StorefrontPrice = z.infer<typeof priceSchema>

const carouselAppSchema = z.discriminatedUnion('source', [
  /** A project of the catalogue: its title, subtitle and thumbnail, as the catalogue has them. */
  z.strictObject({
    source: z.literal('project'),
    projectId: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/),
  }),
  z.strictObject({
    source: z.literal('manual'),
    title: localized(STOREFRONT_LIMITS.title),
    description: localized(STOREFRONT_LIMITS.text),
    image: imageSchema,
  }),
])
export type CarouselApp = z.infer<typeof carouselAppSchema>

const faqEntrySchema = z.strictObject({
  question: localized(STOREFRONT_LIMITS.title),
  answer: localized(STOREFRONT_LIMITS.answer),
  /** The topic the FAQ page lists it under. */
  group: localized(STOREFRONT_LIMITS.title),
  /** Also on the landing page's FAQ. */
  onLanding: z.boolean(),
})

/** An information page: its heading, its body in Markdown, and the day it last changed. */
const infoPageSchema = z.strictObject({
  title: localized(STOREFRONT_LIMITS.title),
  body: localized(STOREFRONT_LIMITS.markdown, plain),
  /** Set by the server when a publish changes the page (the page's "last updated"). */
  updatedOn: z.iso.date(),
})

/** What search engines and social cards show of a page. */
const seoSchema = z.strictObject({
  /** The page's name in the browser's tab, before the store's name; empty: the store's name alone. */
  title: optionalLocalized(STOREFRONT_LIMITS.title),
  description: localized(STOREFRONT_LIMITS.text),
  /** The social card's title; empty: the page's title. */
  socialTitle: optionalLocalized(STOREFRONT_LIMITS.title),
})

export const storefrontContentSchema = z
  .strictObject({
    store: z.strictObject({
      name: localized(60),
      tagline: localized(STOREFRONT_LIMITS.text),
      /** Empty: SUPPORT_EMAIL, else the built-in address. */
      supportEmail: z.union([z.literal(''), z.email().max(254)]),
      /** The footer's "© year …"; empty: the store's name. */
      copyrightHolder: line(120),
      socialLinks: z
        .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: storefrontLinkSchema }))
        .max(STOREFRONT_LIMITS.socialLinks),
    }),
    landing: z.strictObject({
      hero: z.strictObject({
        eyebrow: optionalLocalized(STOREFRONT_LIMITS.title),
        title: localized(STOREFRONT_LIMITS.title),
        subtitle: localized(STOREFRONT_LIMITS.text),
        points: itemList(5),
        /** The second button, to the offer. */
        secondary: localized(60),
      }),
      /** The buy buttons' label, `{price}` in it. */
      buyLabel: localized(80),
      carousel: z.strictObject({
        heading: localized(STOREFRONT_LIMITS.title),
        intro: optionalLocalized(STOREFRONT_LIMITS.text),
        apps: z.array(carouselAppSchema).min(1).max(STOREFRONT_LIMITS.carouselApps),
      }),
      problem: z.strictObject({
        heading: localized(STOREFRONT_LIMITS.title),
        intro: optionalLocalized(STOREFRONT_LIMITS.text),
        points: itemList(),
      }),
      solution: z.strictObject({
        heading: localized(STOREFRONT_LIMITS.title),
        intro: optionalLocalized(STOREFRONT_LIMITS.text),
        steps: z.array(titled).max(6),
      }),
      features: z.strictObject({
        heading: localized(STOREFRONT_LIMITS.title),
        items: z.array(titled).max(12),
      }),
      benefits: z.strictObject({ heading: localized(STOREFRONT_LIMITS.title), items: itemList() }),
      trust: z.strictObject({
        heading: localized(STOREFRONT_LIMITS.title),
        badges: z.array(titled.extend({ icon: z.enum(BADGE_ICONS) })).max(STOREFRONT_LIMITS.badges),
      }),
      offer: z.strictObject({
        /** The pricing section's heading: the offer's title. */
        title: localized(STOREFRONT_LIMITS.title),
        intro: optionalLocalized(STOREFRONT_LIMITS.text),
        productName: localized(STOREFRONT_LIMITS.title),
        productDescription: optionalLocalized(STOREFRONT_LIMITS.text),
        price: priceSchema,
        /** Beside the price ("Pago único"). */
        priceNote: optionalLocalized(60),
        items: itemList(),
        /** Above each bonus ("Incluido gratis"). */
        bonusLabel: optionalLocalized(60),
        bonuses: z
          .array(
            z.strictObject({
              name: localized(STOREFRONT_LIMITS.title),
              value: optionalLocalized(80),
              description: optionalLocalized(STOREFRONT_LIMITS.text),
            }),
          )
          .max(STOREFRONT_LIMITS.bonuses),
        summary: optionalLocalized(STOREFRONT_LIMITS.text),
        refundNote: optionalLocalized(STOREFRONT_LIMITS.text),
        refundLink: optionalLocalized(80),
      }),
      faq: z.strictObject({ heading: localized(STOREFRONT_LIMITS.title), more: localized(80) }),
      finalCta: z.strictObject({
        heading: localized(STOREFRONT_LIMITS.title),
        text: optionalLocalized(STOREFRONT_LIMITS.text),
      }),
    }),
    /** One list for the landing page (those `onLanding`) and the FAQ page (all, by topic). */
    faq: z
      .array(faqEntrySchema)
      .max(STOREFRONT_LIMITS.faqEntries)
      .refine((entries) => entries.some((entry) => entry.onLanding), { message: 'faqOnLanding' }),
    pages: z.strictObject({
      legalTerms: infoPageSchema,
      privacyPolicy: infoPageSchema,
      refundPolicy: infoPageSchema,
      whoWeAre: infoPageSchema,
      faq: infoPageSchema,
    }),
    seo: z.strictObject({
      /** The description of the pages that have none of their own (members' pages, the console). */
      siteDescription: localized(STOREFRONT_LIMITS.text),
      /** The social card image's text (its `alt`). */
      imageAlt: localized(STOREFRONT_LIMITS.title),
      /**
       * The owner's own social card (a store path or an https address, 1200×630 advised); empty: the
       * build's card of each language. A content written before this field reads as empty.
       */
      image: z.union([z.literal(''), imageSchema]).default(''),
      pages: z.strictObject(
        Object.fromEntries(SEO_PAGES.map((page) => [page, seoSchema])) as Record<SeoPage, typeof seoSchema>,
      ),
    }),
  })
  .refine((content) => JSON.stringify(content).length <= STOREFRONT_LIMITS.bytes, { message: 'tooLarge' })

export type StorefrontContent = z.infer<typeof storefrontContentSchema>

import { z } from 'zod'
import { BADGE_ICONS, SEO_PAGES, SOCIAL_NETWORKS, type SeoPage } from './names'

/**
 * The storefront as one language's pages draw it (issue 41, decision 073): every text in that language
 * (English falling back to Spanish), its tokens filled in, the price formatted, the information pages'
 * Markdown already made into sanitised HTML, the carousel's catalogue projects read. The server makes it
 * (`resolve.ts`) and writes it into each page (`<script type="application/json" id="pg-storefront">`),
 * where the app reads it back through this schema before it hydrates.
 */
const text = z.string()
const titled = z.object({ title: text, description: text })

export const resolvedStorefrontSchema = z.object({
  language: z.enum(['es', 'en']),
  store: z.object({
    name: text,
    tagline: text,
    supportEmail: text,
    copyrightHolder: text,
    socialLinks: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: text })),
  }),
  price: z.object({
    /** As schema.org writes it: "25.00". */
    amount: text,
    currency: text,
    /** With the store's money formatter in this language: "25 US$", "$25". */
    formatted: text,
  }),
  landing: z.object({
    hero: z.object({ eyebrow: text, title: text, subtitle: text, points: z.array(text), secondary: text }),
    buyLabel: text,
    carousel: z.object({
      heading: text,
      intro: text,
      apps: z.array(z.object({ title: text, description: text, image: z.string().nullable() })),
    }),
    problem: z.object({ heading: text, intro: text, points: z.array(text) }),
    solution: z.object({ heading: text, intro: text, steps: z.array(titled) }),
    features: z.object({ heading: text, items: z.array(titled) }),
    benefits: z.object({ heading: text, items: z.array(text) }),
    trust: z.object({ heading: text, badges: z.array(titled.extend({ icon: z.enum(BADGE_ICONS) })) }),
    offer: z.object({
      title: text,
      intro: text,
      productName: text,
      productDescription: text,
      priceNote: text,
      items: z.array(text),
      bonusLabel: text,
      bonuses: z.array(z.object({ name: text, value: text, description: text })),
      summary: text,
      refundNote: text,
      refundLink: text,
    }),
    faq: z.object({
      heading: text,
      more: text,
      entries: z.array(z.object({ question: text, answer: text })),
    }),
    finalCta: z.object({ heading: text, text }),
  }),
  /** The FAQ page's questions, by topic in the order they first come. */
  faqGroups: z.array(
    z.object({ title: text, entries: z.array(z.object({ id: text, question: text, answer: text })) }),
  ),
  pages: z.record(
    z.enum(['legalTerms', 'privacyPolicy', 'refundPolicy', 'whoWeAre', 'faq']),
    z.object({
      title: text,
      /** Sanitised HTML (markdown.ts). */
      html: text,
      toc: z.array(z.object({ id: text, title: text })),
      updatedOn: text,
    }),
  ),
  seo: z.object({
    siteDescription: text,
    imageAlt: text,
    /** The owner's social card image, or '' for the build's. */
    image: z.string(),
    pages: z.record(z.enum(SEO_PAGES), z.object({ title: text, description: text, socialTitle: text })),
  }),
})

export type ResolvedStorefront = z.infer<typeof resolvedStorefrontSchema>
export type ResolvedSeo = ResolvedStorefront['seo']['pages'][SeoPage]

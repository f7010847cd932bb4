import { useTranslation } from 'react-i18next'
import { z } from 'zod/mini'
import { POLICIES_UPDATED_ON, useSupportEmail } from './contact'

export type InfoPageKey = 'legalTerms' | 'privacyPolicy' | 'refundPolicy' | 'whoWeAre'

const texts = z.array(z.string())

/** One section of an information page: paragraphs, then an optional list, then closing paragraphs. */
const sectionSchema = z.object({
  title: z.string(),
  paragraphs: z.optional(texts),
  items: z.optional(texts),
  closing: z.optional(texts),
})

const pageSchema = z.object({
  title: z.string(),
  description: z.string(),
  intro: z.string(),
  highlights: z.optional(z.record(z.string(), z.string())),
  sections: z.record(z.string(), sectionSchema),
})

export type InfoSection = z.infer<typeof sectionSchema> & { id: string }
export type InfoPageContent = Omit<z.infer<typeof pageSchema>, 'sections'> & { sections: InfoSection[] }

/** An information page's texts in the current language, checked against the shape the page draws. */
export function useInfoPage(page: InfoPageKey): InfoPageContent {
  const { t } = useTranslation()
  const email = useSupportEmail()
  const content = pageSchema.parse(t(`info.${page}`, { returnObjects: true, email }))
  return {
    ...content,
    sections: Object.entries(content.sections).map(([id, section]) => ({ id, ...section })),
  }
}

/** "22 de noviembre de 2026" / "November 22, 2026": the same on the server and in the browser. */
export function formatUpdatedOn(language: string): string {
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${POLICIES_UPDATED_ON}T00:00:00Z`))
}

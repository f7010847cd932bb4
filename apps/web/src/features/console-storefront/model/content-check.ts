import type { TFunction } from 'i18next'
import type { core } from 'zod'
import { storefrontContentSchema, type StorefrontContent } from '@pg/shared/storefront/content'

/** What is wrong, by field path (`landing.offer.price.amount`): under the field and in the summary. */
export type Problems = Readonly<Record<string, string>>

/** The schema's own reasons (content.ts `message`s), each worded in the console's texts. */
const REASONS = [
  'controlCharacters',
  'oneLine',
  'link',
  'image',
  'priceAmount',
  'currency',
  'faqOnLanding',
  'tooLarge',
] as const
type Reason = (typeof REASONS)[number]
const reasons = new Set<string>(REASONS)
const isReason = (message: string): message is Reason => reasons.has(message)

function issueText(issue: core.$ZodIssue, t: TFunction): string {
  if (issue.code === 'custom' && isReason(issue.message))
    return t(`consoleStorefront.problems.${issue.message}`)
  if (issue.code === 'too_small')
    return issue.origin === 'string'
      ? t('consoleStorefront.problems.required')
      : t('consoleStorefront.problems.tooFew', { count: Number(issue.minimum) })
  if (issue.code === 'too_big')
    return issue.origin === 'string'
      ? t('consoleStorefront.problems.tooLong', { count: Number(issue.maximum) })
      : t('consoleStorefront.problems.tooMany', { count: Number(issue.maximum) })
  if (issue.code === 'invalid_format' && issue.format === 'email')
    return t('consoleStorefront.problems.email')
  if (issue.code === 'invalid_format' && isReason(issue.message))
    return t(`consoleStorefront.problems.${issue.message}`)
  // A choice of shapes (the support address: empty or an email): what the last one says.
  const inner = issue.code === 'invalid_union' ? issue.errors.at(-1)?.[0] : undefined
  return inner ? issueText(inner, t) : t('consoleStorefront.problems.invalid')
}

/**
 * The draft checked with the very schema the server checks it with, before it is sent: each problem
 * under its field, in the console's language. Empty means the server would take it.
 */
export function checkContent(content: StorefrontContent, t: TFunction): Problems {
  const parsed = storefrontContentSchema.safeParse(content)
  if (parsed.success) return {}
  const problems: Record<string, string> = {}
  for (const issue of parsed.error.issues) problems[issue.path.map(String).join('.')] ??= issueText(issue, t)
  return problems
}

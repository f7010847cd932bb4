import {
  STOREFRONT_LIMITS,
  storefrontContentSchema,
  type StorefrontContent,
} from '@pg/shared/storefront/content'
import { z, type core } from 'zod'
import { AppwriteError, invalidParam } from '../platform/appwrite/errors'
import { unstorableText } from '../platform/appwrite/nul'
import { said, type ErrorMessage } from '../platform/error-messages/error-message'

/** How many problems an answer lists under their fields; the message names the first few. */
export const PROBLEMS_LISTED = 50
const PROBLEMS_IN_MESSAGE = 5

/** One field's problem, as the console shows it under the field. */
export interface StorefrontProblem {
  /** `landing.offer.price.amount`, `faq[2].answer.es`, `seo.pages["/faq"].title.en`; '' for the whole. */
  path: string
  message: ErrorMessage
}

/** The words content.ts gives its own refinements, each a sentence of the catalogues. */
const OWN_WORDS = new Map<string, () => ErrorMessage>([
  ['oneLine', () => said('storefrontOneLine')],
  ['link', () => said('storefrontLink')],
  ['priceAmount', () => said('storefrontPriceAmount')],
  ['currency', () => said('storefrontCurrency')],
  ['image', () => said('storefrontImage')],
  ['faqOnLanding', () => said('storefrontFaqOnLanding')],
  ['controlCharacters', () => said('storefrontControlCharacters')],
  ['tooLarge', () => said('storefrontTooLarge', { characters: STOREFRONT_LIMITS.bytes })],
])

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** A field's path as the console and the versions' `changed` name it: `faq[2].answer.es`. */
export function fieldPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`
      const key = String(segment)
      if (!IDENTIFIER.test(key)) return `[${JSON.stringify(key)}]`
      return index === 0 ? key : `.${key}`
    })
    .join('')
}

function problemOf(issue: core.$ZodIssue): StorefrontProblem {
  if (issue.code === 'unrecognized_keys')
    return { path: fieldPath(issue.path), message: said('unknownAttributes', { keys: issue.keys }) }
  // A refinement's or a pattern's own word (content.ts); zod's own messages are sentences, never these.
  const own = OWN_WORDS.get(issue.message)
  return { path: fieldPath(issue.path), message: own ? own() : said('schemaIssue', { issue }) }
}

/** The carousel's apps picked from the catalogue, as far as the content has that shape. */
const pickedProjects = z.object({
  landing: z.object({
    carousel: z.object({
      apps: z.array(z.unknown()).max(STOREFRONT_LIMITS.carouselApps),
    }),
  }),
})
const pickedProject = z.object({ source: z.literal('project'), projectId: z.string().min(1).max(36) })

/** `[index, projectId]` of each carousel app taken from the catalogue. */
export function carouselProjectIds(content: unknown): [number, string][] {
  const parsed = pickedProjects.safeParse(content)
  if (!parsed.success) return []
  return parsed.data.landing.carousel.apps.flatMap((app, index): [number, string][] => {
    const picked = pickedProject.safeParse(app)
    return picked.success ? [[index, picked.data.projectId]] : []
  })
}

/**
 * The 400 that lists every problem (at most PROBLEMS_LISTED) under its field, in the asker's language;
 * the admin CLI lists them too.
 */
export class StorefrontRefusal extends AppwriteError {
  readonly problems: StorefrontProblem[]
  readonly count: number

  constructor(problems: StorefrontProblem[]) {
    const listed = problems.slice(0, PROBLEMS_LISTED)
    super(
      'document_invalid_structure',
      said('storefrontInvalid', {
        count: problems.length,
        problems: listed
          .slice(0, PROBLEMS_IN_MESSAGE)
          .map((problem) =>
            said('fieldProblem', { field: problem.path || 'content', reason: problem.message }),
          ),
      }),
      {},
      { problems: listed, problemCount: problems.length },
    )
    this.problems = listed
    this.count = problems.length
  }
}

/**
 * The content as the store keeps it (strings trimmed), or the refusal naming each problem: the schema's
 * (content.ts) and a carousel app naming a project the catalogue does not have. `existing` says which
 * of the named project ids the catalogue has.
 */
export async function checkedContent(
  input: unknown,
  existing: (ids: string[]) => Promise<ReadonlySet<string>>,
): Promise<StorefrontContent> {
  // What PostgreSQL's jsonb cannot hold is refused before anything else looks at it.
  const unstorable = unstorableText(input)
  if (unstorable) throw invalidParam('content', said(unstorable === 'nul' ? 'noNulReason' : 'unicodeReason'))
  const parsed = storefrontContentSchema.safeParse(input, { reportInput: false })
  const problems = parsed.success ? [] : parsed.error.issues.map(problemOf)
  const picked = carouselProjectIds(input)
  if (picked.length > 0) {
    const found = await existing(picked.map(([, id]) => id))
    for (const [index, id] of picked)
      if (!found.has(id))
        problems.push({
          path: fieldPath(['landing', 'carousel', 'apps', index, 'projectId']),
          message: said('storefrontProjectMissing', { id }),
        })
  }
  if (!parsed.success || problems.length > 0) throw new StorefrontRefusal(problems)
  return parsed.data
}

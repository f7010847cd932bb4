import type { core } from 'zod'
import { schemaIssueInSpanish } from '@pg/shared/schema-issue-es'

/**
 * What a form says of a value the shared schemas refuse, in the console's language (issue 34, section 3):
 * the same Spanish words the server uses for the same schema (decision 048), zod's own in English.
 */
export function schemaIssueText(issue: core.$ZodIssue, language: string): string {
  return language.startsWith('es') ? schemaIssueInSpanish(issue) : issue.message
}

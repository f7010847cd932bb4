import type { Language } from './request-language'

/**
 * A message said in each language the API answers in. The worker says its messages before sending
 * them: what crosses to the main thread is plain data (structured clone), never a class's instance.
 */
export type Spoken = Record<Language, string>

export interface SentFileProblem {
  where: string
  /** In English, as the CLI prints it and the console's dry run lists it. */
  reason: string
  spoken: Spoken
}

import { Account, Client, Databases } from 'appwrite'
import { DEFAULT_DATABASE_ID, DEFAULT_PROJECT_ID } from '@pg/shared/constants'
import { currentLanguage, i18n } from './i18n'

/**
 * A setting the server wrote into the page (`<meta name="appwrite-project">`, filled in from
 * PROJECT_ID and DATABASE_ID: decision 015), so one build runs with any settings. Absent outside a
 * page the server filled (the Vite dev server leaves the placeholder, the prerender has no page).
 */
function pageSetting(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const content = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')
  return content && !content.startsWith('__PG_') ? content : undefined
}

// The server's drawing of the pages (prerender/entry-server.tsx, in Node) has no page, hence no origin:
// it never calls the API, but may import this module with a route.
const pageOrigin = typeof location === 'undefined' ? 'http://prerender.invalid' : location.origin

// A build's VITE_* variables win: they point the app at another backend, whose ids the page cannot know.
export const endpoint = import.meta.env.VITE_APPWRITE_ENDPOINT || `${pageOrigin}/v1`
const projectId =
  import.meta.env.VITE_APPWRITE_PROJECT_ID || pageSetting('appwrite-project') || DEFAULT_PROJECT_ID

export const databaseId =
  import.meta.env.VITE_APPWRITE_DATABASE_ID || pageSetting('appwrite-database') || DEFAULT_DATABASE_ID

/**
 * The server words its messages in the language the SDK asks for (`X-Appwrite-Locale`, else Spanish):
 * the page's, kept in step with the language switcher.
 */
export const client = new Client()
  .setEndpoint(endpoint)
  .setProject(projectId)
  .setLocale(currentLanguage(i18n.language))
i18n.on('languageChanged', (language: string) => client.setLocale(currentLanguage(language)))
export const account = new Account(client)
export const databases = new Databases(client)

import { describe, expect, it } from 'vitest'
import { en as enApp, es as esApp } from '../src/locales'
import { enConsole, esConsole } from '../src/locales/console'

// The console's texts (a chunk of their own) are checked with the app's: no key may be in both.
const en = { ...enApp, ...enConsole }
const es = { ...esApp, ...esConsole }

/** Every leaf of a locale as [dotted key, value]; a leaf that is not a string is reported as such. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, tree]]
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key))
}

const locales = { en, es }
const placeholders = (text: unknown) =>
  String(text)
    .match(/{{\s*\w+\s*}}/g)
    ?.sort() ?? []

describe('locales', () => {
  it('give the console keys of its own', () => {
    expect(Object.keys(esConsole).filter((key) => key in esApp)).toEqual([])
  })

  it('have the same keys in Spanish and English', () => {
    const keys = (tree: unknown) =>
      leaves(tree)
        .map(([key]) => key)
        .sort()
    expect(keys(es)).toEqual(keys(en))
  })

  it.each(Object.entries(locales))('%s has a non-empty text for every key', (_, locale) => {
    const empty = leaves(locale).filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    expect(empty).toEqual([])
  })

  it('use the same placeholders in both languages', () => {
    const spanish = new Map(leaves(es))
    for (const [key, text] of leaves(en))
      expect(placeholders(spanish.get(key)), key).toEqual(placeholders(text))
  })

  it('keep the English texts of the specification', () => {
    expect(en.welcome.title).toBe('Welcome to Projects Gallery')
    expect(en.welcome.subtitle).toBe(
      'Discover amazing projects from our community. Explore, search, and find inspiration for your next project.',
    )
    expect(en.welcome.browse).toBe('Browse Projects')
    expect([en.welcome.search.title, en.welcome.favorites.title, en.welcome.categories.title]).toEqual([
      'Search & Discover',
      'Save Favorites',
      'Organize by Categories',
    ])
    expect([en.login.heading, en.login.email, en.login.submit, en.login.submitting, en.login.failed]).toEqual(
      ['Sign in to your account', 'Email address', 'Sign in', 'Signing in...', 'Login failed'],
    )
  })
})

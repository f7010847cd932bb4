import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18n, loadLanguage } from '../src/lib/i18n'
import { pageHead } from '../src/prerender/page-head'
import { renderApp } from './support/render-app'
import { resolveBoth, versionOne } from './support/storefront'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

describe('thank-you page', () => {
  it.each(['/gracias', '/thank-you'])(
    '%s: check your email, the four steps, sign in, support',
    async (path) => {
      renderApp(path)
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Thank you for your purchase!' }),
      ).toBeVisible()
      const main = screen.getByRole('main')
      expect(main).toHaveTextContent('It arrives within minutes.')
      expect(main).toHaveTextContent('look in your spam or junk folder')
      expect(main).toHaveTextContent('a link to choose your password, valid for 7 days')
      const steps = within(
        screen.getByRole('heading', { name: 'What happens next' }).closest('section') as HTMLElement,
      )
      expect(steps.getAllByRole('listitem')).toHaveLength(4)
      expect(steps.getAllByRole('listitem')[3]).toHaveTextContent('valid for 15 days after purchase')
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
      expect(screen.getByRole('link', { name: 'soporte@localhost' })).toHaveAttribute(
        'href',
        'mailto:soporte@localhost',
      )
      expect(main).toHaveTextContent('Monday to Friday, 9:00 to 18:00 (GMT-5)')
    },
  )

  it('is kept out of search engines and names no address of its own', async () => {
    for (const language of ['es', 'en'] as const) {
      await loadLanguage(language)
      const storefront = resolveBoth(versionOne(), '__PG_SUPPORT_EMAIL__')[language]
      const head = pageHead('/gracias', 'public', i18n.getFixedT(language), storefront)
      expect(head).toContain('<meta name="robots" content="noindex">')
      expect(head).toMatch(/<title>[^<]+ · Projects Gallery<\/title>/)
      expect(head).toContain('<meta name="support-email" content="__PG_SUPPORT_EMAIL__">')
      expect(head).not.toContain('canonical')
      expect(head).not.toContain('hreflang')
    }
  })
})

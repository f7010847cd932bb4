import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { resetFakeBackend } from './support/fake-backend'
import { renderApp } from './support/render-app'
import { TEST_SUPPORT_EMAIL, versionOne } from './support/storefront'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

beforeEach(resetFakeBackend)

const MARKDOWN = [
  'Our refunds, in short.',
  '',
  '> **Short**',
  '>',
  '> - Ask within 48 hours.',
  '',
  '## When',
  '',
  'Write to {email}, or read [the terms](https://example.com/terms). [Not a link](javascript:alert(1))',
  '',
  '## How',
  '',
  '| Method | Days |',
  '| --- | ---: |',
  '| Card | 5–10 |',
  '',
  '## Card',
  '## PayPal',
  '## Anything else',
  '',
  '<script>alert(1)</script>',
].join('\n')

describe('an information page drawn from the content', () => {
  it('shows the owner’s Markdown as HTML, a table of contents of its sections and its date', async () => {
    const content = versionOne()
    content.pages.refundPolicy = {
      title: { es: 'Reembolsos', en: 'Refunds' },
      body: { es: 'Texto.', en: MARKDOWN },
      updatedOn: '2027-01-05',
    }
    renderApp('/refund-policy', { content })
    expect(await screen.findByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible()
    const main = within(screen.getByRole('main'))
    expect(main.getByText(/^Last updated:/)).toHaveTextContent('Last updated: January 5, 2027')

    const toc = within(main.getByRole('navigation', { name: 'On this page' }))
    expect(toc.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['1. When', '#when'],
      ['2. How', '#how'],
      ['3. Card', '#card'],
      ['4. PayPal', '#paypal'],
      ['5. Anything else', '#anything-else'],
    ])
    expect(main.getByRole('heading', { level: 2, name: 'When' })).toHaveAttribute('id', 'when')
    expect(main.getByText('Ask within 48 hours.').closest('blockquote')).not.toBeNull()
    expect(main.getByRole('link', { name: TEST_SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${TEST_SUPPORT_EMAIL}`,
    )
    expect(main.getByRole('link', { name: 'the terms' })).toHaveAttribute('href', 'https://example.com/terms')
    expect(main.queryByRole('link', { name: 'Not a link' })).toBeNull()
    expect(within(main.getByRole('table')).getByRole('cell', { name: '5–10' })).toHaveStyle({
      textAlign: 'right',
    })
    // Raw HTML in the Markdown is text, never an element.
    expect(document.querySelector('main script')).toBeNull()
    expect(main.getByText('<script>alert(1)</script>')).toBeVisible()
  })

  it('has no table of contents with fewer than five sections, as before', async () => {
    renderApp('/who-we-are')
    expect(await screen.findByRole('heading', { level: 1, name: 'Who we are' })).toBeVisible()
    expect(screen.queryByRole('navigation', { name: 'On this page' })).toBeNull()
    const related = within(screen.getByRole('navigation', { name: 'Other information pages' }))
    expect(related.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '/legal-terms',
    )
    expect(related.queryByRole('link', { name: 'Who we are' })).toBeNull()
  })

  it('version 1’s terms: the summary box, and each section in the table of contents', async () => {
    renderApp('/legal-terms')
    const main = within(await screen.findByRole('main'))
    expect(await main.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible()
    expect(main.getByText('In short').closest('blockquote')).not.toBeNull()
    const toc = within(main.getByRole('navigation', { name: 'On this page' }))
    expect(toc.getAllByRole('link')).toHaveLength(main.getAllByRole('heading', { level: 2 }).length - 2)
    expect(main.getByText(/The price of the bundle is \$25/)).toBeVisible()
  })

  it('FAQ: the owner’s introduction, then every question by topic', async () => {
    renderApp('/faq')
    const main = within(await screen.findByRole('main'))
    expect(await main.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible()
    expect(main.getByRole('link', { name: TEST_SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${TEST_SUPPORT_EMAIL}`,
    )
    const topics = ['The bundle', 'Purchase and delivery', "Account and members' area", 'Refunds and support']
    for (const topic of topics) expect(main.getByRole('heading', { level: 2, name: topic })).toBeVisible()
    expect(main.getAllByRole('heading', { level: 3 })).toHaveLength(13)
  })
})

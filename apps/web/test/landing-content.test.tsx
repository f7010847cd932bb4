import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { showLanguage } from '../src/lib/i18n'
import { resetFakeBackend } from './support/fake-backend'
import { renderApp } from './support/render-app'
import { versionOne } from './support/storefront'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

beforeEach(resetFakeBackend)

const CHECKOUT = 'https://pay.example.com/buy'

/** Issue 41: the owner's landing page, as the content says, whatever its lists hold. */
function changedContent() {
  const content = versionOne()
  content.landing.offer.price = { amount: '29', currency: 'EUR' }
  const [first] = content.landing.offer.bonuses
  const [one, two] = content.faq
  if (!first || !one || !two) throw new Error('Version 1 has bonuses and questions')
  content.landing.offer.bonuses.push({
    name: { es: 'Bono 3: plantillas de prompts', en: 'Bonus 3: prompt templates' },
    value: { es: 'Valorado en 49 €', en: '' },
    description: first.description,
  })
  content.faq = [
    { ...one, question: { es: '¿Una?', en: 'One?' }, onLanding: true },
    { ...two, question: { es: '¿Dos?', en: '' }, onLanding: true },
  ]
  content.landing.carousel.apps = [
    {
      source: 'manual',
      title: { es: 'La única app', en: 'The only app' },
      description: { es: 'Sola en el carrusel.', en: '' },
      image: '/samples/pdf-chat.webp',
    },
  ]
  return content
}

const pricing = () => within(screen.getByRole('region', { name: /^(Everything|Todo lo que)/ }))

describe('the landing page drawn from the content', () => {
  it('shows the price through the money formatter, in the buy buttons and the pricing', async () => {
    renderApp('/landing-pack-apps', { content: changedContent(), checkoutUrl: CHECKOUT })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('for €29')
    // The hero's, the pricing's and the final call's.
    const buy = screen.getAllByRole('link', { name: 'Buy the bundle for €29' })
    expect(buy).toHaveLength(3)
    for (const link of buy) expect(link).toHaveAttribute('href', CHECKOUT)
    expect(pricing().getByTestId('bundle-price')).toHaveTextContent(/^€29$/)
  })

  it('in Spanish, "29 €"', async () => {
    await showLanguage('es')
    renderApp('/landing-pack-apps', { content: changedContent(), checkoutUrl: CHECKOUT })
    // Intl puts a no-break space between the amount and the symbol.
    expect(await screen.findAllByRole('link', { name: 'Comprar el pack por 29\u00a0€' })).toHaveLength(3)
    expect(screen.getByTestId('bundle-price')).toHaveTextContent(/^29 €$/)
  })

  it('lists every bonus and only the questions on the landing page', async () => {
    renderApp('/landing-pack-apps', { content: changedContent() })
    await screen.findByRole('heading', { level: 1 })
    const bonuses = pricing().getAllByRole('heading', { level: 3, name: /^Bonus \d/ })
    expect(bonuses.map((heading) => heading.textContent)).toEqual([
      'Bonus 1: n8n automation course',
      'Bonus 2: AI master programme',
      'Bonus 3: prompt templates',
    ])
    // An English text left empty shows the Spanish one.
    expect(pricing().getByText('Valorado en 49 €')).toBeVisible()
    const faq = within(screen.getByRole('region', { name: 'Frequently asked questions' }))
    expect(faq.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'One?',
      '¿Dos?',
    ])
  })

  it('draws a carousel of one app without controls', async () => {
    renderApp('/landing-pack-apps', { content: changedContent() })
    const carousel = within(await screen.findByRole('region', { name: 'Sample apps' }))
    const slides = carousel.getAllByRole('group', { name: /of 1$/ })
    expect(slides).toHaveLength(1)
    const slide = carousel.getByRole('group', { name: '1 of 1' })
    expect(within(slide).getByRole('heading', { level: 3, name: 'The only app' })).toBeVisible()
    expect(slide.querySelector('img')).toHaveAttribute('src', '/samples/pdf-chat.webp')
    expect(carousel.queryByRole('button')).toBeNull()
    expect(screen.getByText(/^1 examples from/)).toBeVisible()
  })

  it('shows a neutral frame for a catalogue project without an image, and leaves out one deleted since', async () => {
    const content = changedContent()
    content.landing.carousel.apps = [
      { source: 'project', projectId: 'chatbot' },
      { source: 'project', projectId: 'deleted-since' },
    ]
    const projects = new Map([['chatbot', { title: 'Chatbot', subtitle: null, thumbnailUrl: null }]])
    renderApp('/landing-pack-apps', { content, projects })
    const carousel = within(await screen.findByRole('region', { name: 'Sample apps' }))
    const slide = carousel.getByRole('group', { name: '1 of 1' })
    expect(within(slide).getByRole('heading', { level: 3, name: 'Chatbot' })).toBeVisible()
    expect(slide.querySelector('img')).toBeNull()
    expect(slide.querySelector('[aria-hidden="true"] svg')).not.toBeNull()
  })
})

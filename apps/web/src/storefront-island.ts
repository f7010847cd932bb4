import { mountMenu } from './app/layout/menu-controller'
import { countStorefrontView } from './features/storefront/visit-beacons'
import { currentLanguage, isLanguage, sendStoredLanguage, storeLanguage } from './lib/language-preference'

/**
 * The storefront's pages (welcome, landing, products, information) for a visitor who is not signed in
 * (decision 010): the prerendered HTML is the whole page, and this makes its few live parts work
 * without React (the phone menu, the language switcher, the landing page's carousel) for a fraction of
 * the app's code. Everything else there is a link or a native disclosure. The app's own components run
 * the same controllers when React draws these pages, and count the visit the same way (decision 065).
 */
function switchLanguage(event: Event) {
  const language = (event.currentTarget as HTMLElement).dataset.languageSwitch
  if (!isLanguage(language)) return
  storeLanguage(language)
  // The server sends the page in the remembered language unless the address names one.
  const address = new URL(window.location.href)
  address.searchParams.delete('lang')
  if (address.href === window.location.href) window.location.reload()
  else window.location.assign(address)
}

if (!sendStoredLanguage(currentLanguage(document.documentElement.lang))) {
  countStorefrontView(true)
  const header = document.querySelector<HTMLElement>('#root header')
  if (header) mountMenu(header)
  // The carousel (Embla) is the landing page's alone: the other pages do not fetch it.
  const carousel = document.querySelector<HTMLElement>('[aria-roledescription="carousel"]')
  if (carousel) (await import('./features/storefront/carousel-controller')).mountCarousel(carousel)
  for (const button of document.querySelectorAll<HTMLElement>('[data-language-switch]'))
    button.addEventListener('click', switchLanguage)
  document.documentElement.dataset.interactive = 'true'
}

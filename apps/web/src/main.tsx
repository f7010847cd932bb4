import './index.css'
import { sessionHintSaysSignedOut } from './lib/session-hint'

/**
 * The entry: a prerendered page is complete without JavaScript, so the app (React, the router, the
 * texts) is fetched once the browser has painted it, and the page's first paint never waits for, or
 * shares the network with, the code that only hydrates it. The build lists the page's own modules
 * (its language, its route) in `<meta name="app-modules">`; they are preloaded with the app.
 *
 * The storefront's pages (all public pages but the sign-in form), for a visitor who is not signed in,
 * need no app at all: an island makes their few live parts work (decision 010). A member there gets
 * the app, which shows the member's navigation.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve()
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? ''

if (document.getElementById('root')?.hasChildNodes()) {
  await afterFirstPaint()
  if (meta('page-island') === 'storefront' && sessionHintSaysSignedOut()) {
    await import('./storefront-island')
  } else {
    for (const href of meta('app-modules').split(' ').filter(Boolean)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.append(link)
    }
    await import('./start-app')
  }
} else {
  await import('./start-app')
}

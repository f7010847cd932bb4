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
// zod decides when it makes an object schema whether to compile its parser with `new Function` (a
// violation of the page's policy that the browser reports), reading this global config. Set here,
// before any of the app's chunks runs: a chunk that makes schemas as it loads (the storefront's shape)
// may run before lib/zod-without-eval.ts, whatever order the imports are written in.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } })

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

import './index.css'

/**
 * The entry: a prerendered page is complete without JavaScript, so the app (React, the router, the
 * texts) is fetched once the browser has painted it, and the page's first paint never waits for, or
 * shares the network with, the code that only hydrates it. The build lists the page's own modules
 * (its language, its route) in `<meta name="app-modules">`; they are preloaded with the app.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve()
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

if (document.getElementById('root')?.hasChildNodes()) {
  await afterFirstPaint()
  const modules = document.querySelector('meta[name="app-modules"]')?.getAttribute('content') ?? ''
  for (const href of modules.split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
}
await import('./start-app')

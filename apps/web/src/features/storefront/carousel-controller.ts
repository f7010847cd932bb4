import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel'
import Autoplay from 'embla-carousel-autoplay'
import { AUTOPLAY_DELAY_MS, EMBLA_DURATION } from './carousel-timing'

/**
 * The sample apps carousel's behaviour, without a framework: the landing page runs it over its
 * prerendered HTML before (or instead of) React, and the React component runs the same over what it
 * draws. It moves on every 2 s in a loop; swiping, the arrows and the dots do not stop it (seed-spec
 * section 2); the pause button does, and it does not start under prefers-reduced-motion.
 *
 * The markup (sample-apps-carousel.tsx) names its parts with data attributes: `data-carousel-viewport`,
 * `-slide`, `-previous`, `-next`, `-toggle` (holding `data-when-playing` and `data-when-paused`),
 * `-dot`, `-counter` and `-status` (with `data-template`, "{index} of 23"). The current slide and the
 * pause are kept on the root (`data-selected`, `data-paused`), so mounting again (a new language)
 * carries on where it was.
 */
export function mountCarousel(root: HTMLElement): () => void {
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-carousel-${name}]`)
  const parts = <T extends HTMLElement>(name: string) => [
    ...root.querySelectorAll<T>(`[data-carousel-${name}]`),
  ]
  const viewport = part('viewport')
  const slides = parts('slide')
  // One app is no carousel (the owner's content may hold one): nothing moves, nothing to control.
  if (!viewport || slides.length < 2) return () => undefined
  const dots = parts<HTMLButtonElement>('dot')
  const counter = part('counter')
  const status = part('status')
  const toggle = part<HTMLButtonElement>('toggle')

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const startIndex = Math.min(Number(root.dataset.selected ?? 0) || 0, Math.max(slides.length - 1, 0))
  let paused = root.dataset.paused === undefined ? reducedMotion : root.dataset.paused === 'true'

  const autoplay = Autoplay({ delay: AUTOPLAY_DELAY_MS, stopOnInteraction: false, playOnInit: false })
  const embla: EmblaCarouselType = EmblaCarousel(
    viewport,
    { loop: true, align: 'start', duration: EMBLA_DURATION, startIndex },
    [autoplay],
  )

  const slideText = (element: HTMLElement | null, index: number) =>
    (element?.dataset.template ?? '').replace('{index}', String(index + 1))

  function show() {
    const selected = embla.selectedScrollSnap()
    root.dataset.selected = String(selected)
    root.dataset.paused = String(paused)
    slides.forEach((slide, index) => toggleCurrent(slide, index === selected))
    dots.forEach((dot, index) => toggleCurrent(dot, index === selected))
    if (counter) counter.textContent = slideText(counter, selected)
    if (status) {
      // Announced when the visitor moves the carousel or pauses it, not at every automatic turn.
      status.setAttribute('aria-live', paused ? 'polite' : 'off')
      const title = slides[selected]?.querySelector('h3')?.textContent ?? ''
      status.textContent = `${slideText(status, selected)}: ${title}`
    }
    toggle?.querySelector('[data-when-playing]')?.toggleAttribute('hidden', paused)
    toggle?.querySelector('[data-when-paused]')?.toggleAttribute('hidden', !paused)
  }

  // Swipes restart the autoplay by design; a visitor's pause outranks that.
  const keepPaused = () => {
    if (paused) autoplay.stop()
  }

  /** A click moves the carousel and restarts the 2 s count, so the next slide gets its full time. */
  const go = (move: 'previous' | 'next' | number) => () => {
    if (move === 'previous') embla.scrollPrev(reducedMotion)
    else if (move === 'next') embla.scrollNext(reducedMotion)
    else embla.scrollTo(move, reducedMotion)
    autoplay.reset()
  }

  const togglePaused = () => {
    paused = !paused
    if (paused) autoplay.stop()
    else autoplay.play()
    show()
  }

  const listeners: [HTMLElement | null, () => void][] = [
    [part('previous'), go('previous')],
    [part('next'), go('next')],
    [toggle, togglePaused],
    ...dots.map((dot, index): [HTMLElement, () => void] => [dot, go(index)]),
  ]
  for (const [element, listener] of listeners) element?.addEventListener('click', listener)
  embla.on('select', show).on('autoplay:play', keepPaused)
  if (!paused) autoplay.play()
  show()

  return () => {
    for (const [element, listener] of listeners) element?.removeEventListener('click', listener)
    embla.off('select', show).off('autoplay:play', keepPaused)
    embla.destroy()
  }
}

function toggleCurrent(element: HTMLElement, current: boolean) {
  if (current) element.setAttribute('aria-current', 'true')
  else element.removeAttribute('aria-current')
}

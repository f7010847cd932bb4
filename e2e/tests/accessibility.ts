import axe from 'axe-core'
import { test, type Page } from '@playwright/test'

/** The WCAG 2.2 A and AA rules axe-core has (2.0, 2.1 and 2.2's own tags). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

declare global {
  interface Window {
    axe?: typeof axe
  }
}

/**
 * What axe-core finds against WCAG 2.2 A and AA on the page as it is now: each rule broken and where.
 * axe is put in the page once per document and run there, violations only, the YouTube frame (its own
 * page) left out: @axe-core/playwright's AxeBuilder injects axe at every run, into every frame, and by
 * default finishes in a new blank page, which takes several times as long (2–3 s instead of 0.4 s on
 * the landing page) for the same answer. A run still takes up to a second on a busy 2-core machine, so
 * a test that runs axe gets the slow-test budget (three times the usual timeout).
 */
export async function axeViolations(page: Page) {
  test.slow()
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source)
  return page.evaluate(async (tags) => {
    if (!window.axe) throw new Error('axe-core is not in the page')
    const results = await window.axe.run(
      { exclude: ['iframe'] },
      { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
    )
    return results.violations.map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }))
  }, WCAG_TAGS)
}

/** A control that fails, as a failure message names it: its element, its name, and what is wrong. */
type Problem = string

/**
 * WCAG 2.5.8 (target size, minimum), which axe judges only in part: every control shown inside `root`
 * is at least 24×24 CSS px, unless it is a link within a sentence, or a 24 px circle on its centre
 * overlaps no other control (nor another small control's circle). One evaluation for all controls.
 */
export async function targetSizeProblems(page: Page, root = 'body'): Promise<Problem[]> {
  return page.locator(root).evaluate((container) => {
    const controls = [
      ...container.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((element) => {
      const style = getComputedStyle(element)
      return (
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
        // Visually hidden until focused (the skip link, `sr-only`): not a target for a pointer.
        style.clipPath !== 'inset(50%)' &&
        style.clip !== 'rect(0px, 0px, 0px, 0px)'
      )
    })
    const describe = (element: HTMLElement, rect: DOMRect) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`
    /** A link whose block holds more text than the link: a link within a sentence. */
    const inSentence = (element: HTMLElement) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false
      let block = element.parentElement
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement
      const own = (element.textContent ?? '').trim().length
      return (block?.textContent ?? '').trim().length > own
    }
    const boxes = controls.map((element) => ({ element, rect: element.getBoundingClientRect() }))
    const small = boxes.filter(
      ({ element, rect }) => (rect.width < 24 || rect.height < 24) && !inSentence(element),
    )
    const centre = (rect: DOMRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 })
    const distanceToRect = (point: { x: number; y: number }, rect: DOMRect) =>
      Math.hypot(
        Math.max(rect.left - point.x, 0, point.x - rect.right),
        Math.max(rect.top - point.y, 0, point.y - rect.bottom),
      )
    return small
      .filter(({ element, rect }) => {
        const here = centre(rect)
        const overlapsTarget = boxes.some(
          (other) =>
            other.element !== element &&
            !other.element.contains(element) &&
            !element.contains(other.element) &&
            distanceToRect(here, other.rect) < 12,
        )
        const overlapsCircle = small.some((other) => {
          if (other.element === element) return false
          const there = centre(other.rect)
          return Math.hypot(here.x - there.x, here.y - there.y) < 24
        })
        return overlapsTarget || overlapsCircle
      })
      .map(({ element, rect }) => describe(element, rect))
  })
}

/**
 * WCAG 2.4.11 (focus not obscured, minimum) under the sticky header: from the page's end back to its
 * top, each control in the tab order gets the focus, and must show at least in part below the header.
 * Going up is how the header comes to cover what is focused; focus() scrolls as Shift+Tab does (both
 * found the same controls under the header before html got its scroll-padding), in one evaluation
 * instead of two round trips per control. Returns the controls hidden.
 */
export async function focusHiddenUnderHeader(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header')
    if (!header) return ['no header']
    const tabbable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), details > summary:first-of-type, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((element) => !header.contains(element) && element.checkVisibility())
    const hidden: Problem[] = []
    for (const element of tabbable.reverse()) {
      element.focus()
      if (document.activeElement !== element) continue
      const rect = element.getBoundingClientRect()
      const headerBottom = header.getBoundingClientRect().bottom
      // What shows on top at its centre: itself when it is drawn over the header (the skip link).
      const onTop = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
      if (rect.bottom <= headerBottom && !(onTop && element.contains(onTop)))
        hidden.push(
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}" ends at ${Math.round(rect.bottom)} px, the header at ${Math.round(headerBottom)} px`,
        )
    }
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
    return hidden
  })
}

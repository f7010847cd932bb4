/**
 * The phone menu's behaviour, without a framework, so the storefront's prerendered header works
 * before (or without) React, the same as the app's (site-header.tsx, decision 010). The toggle
 * (`data-menu-toggle`, its panel named by `aria-controls`) opens and closes the panel; Escape closes it
 * and gives the toggle its focus back. The keyboard leaving the header closes it too: open, it makes
 * the sticky header tall enough to cover what gets the focus below (WCAG 2.4.11). The state lives in
 * `aria-expanded`, so mounting again (a new language) keeps it; the toggle's name comes from
 * `data-label-open` / `data-label-close` and its icons from `data-when-open` / `data-when-closed`.
 */
export interface MenuControl {
  close(): void
  unmount(): void
}

export function mountMenu(header: HTMLElement): MenuControl {
  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]')
  const panel = toggle ? document.getElementById(toggle.getAttribute('aria-controls') ?? '') : null
  if (!toggle || !panel) return { close: () => undefined, unmount: () => undefined }

  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true'
  function show(open: boolean) {
    toggle?.setAttribute('aria-expanded', String(open))
    toggle?.setAttribute('aria-label', (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? '')
    toggle?.querySelector('[data-when-open]')?.toggleAttribute('hidden', !open)
    toggle?.querySelector('[data-when-closed]')?.toggleAttribute('hidden', open)
    panel?.toggleAttribute('hidden', !open)
  }
  const onClick = () => show(!isOpen())
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return
    show(false)
    toggle.focus()
  }
  // Only when the focus moves to another control: a tap that focuses nothing must not hide the menu
  // from under the pointer (Safari does not focus links and buttons it taps).
  const onFocusOut = (event: FocusEvent) => {
    if (isOpen() && event.relatedTarget instanceof Node && !header.contains(event.relatedTarget)) show(false)
  }
  toggle.addEventListener('click', onClick)
  header.addEventListener('keydown', onKeyDown)
  header.addEventListener('focusout', onFocusOut)
  show(isOpen())
  return {
    close: () => show(false),
    unmount() {
      toggle.removeEventListener('click', onClick)
      header.removeEventListener('keydown', onKeyDown)
      header.removeEventListener('focusout', onFocusOut)
    },
  }
}

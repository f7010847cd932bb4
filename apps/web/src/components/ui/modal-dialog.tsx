import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

/**
 * Modal dialogs open now: the page behind stops scrolling while any is open, and scrolls again only when
 * the last one closes ("Save to collection" opens over a project's details).
 */
let openDialogs = 0

/**
 * A modal dialog on the native `<dialog>`: the page behind is inert, Escape and a click on the
 * backdrop close it, Tab stays inside (wrapping at both ends), and closing it gives the focus back to
 * what had it before.
 */
export function ModalDialog({
  labelledBy,
  onClose,
  children,
}: {
  labelledBy: string
  onClose: () => void
  children: ReactNode
}) {
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    // What had the focus before (the button that opened it) gets it back when the dialog goes away.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!element.open) element.showModal()
    openDialogs += 1
    document.documentElement.style.overflow = 'hidden'
    return () => {
      openDialogs -= 1
      if (openDialogs === 0) document.documentElement.style.overflow = ''
      if (element.open) element.close()
      const focus = document.activeElement
      const lost = !focus || focus === document.body || element.contains(focus)
      if (lost && opener?.isConnected) opener.focus()
    }
  }, [])

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    // A dialog opened over this one kept the focus inside itself already.
    if (event.key !== 'Tab' || event.defaultPrevented || !dialog.current) return
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = focusable[0]
    const last = focusable.at(-1)
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-modal="true"
      onCancel={(event) => {
        // React passes a dialog's cancel on to the dialogs around it (the details under "Save to
        // collection"): Escape closes only the one on top.
        if (event.target !== event.currentTarget) return
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // The dialog element itself is only hit on the backdrop: its content fills it.
        if (event.target === event.currentTarget) onClose()
      }}
      onKeyDown={handleKeyDown}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-3xl overflow-hidden rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-950/60"
    >
      <div className="max-h-[calc(100dvh-2rem)] overflow-y-auto">{children}</div>
    </dialog>
  )
}

import type { ReactNode } from 'react'

/**
 * Nothing that would add a header or a second recipient to a `mailto:` link (`?`, `,`, `%`…) or that a
 * page could mistake for markup. No further format check: the server checks its SUPPORT_EMAIL, and
 * the prerendered pages hold its placeholder (`__PG_SUPPORT_EMAIL__`), which the server fills in.
 */
const ADDRESS = /^[^\s<>"'&?#%/\\:;,]+$/

/** A link that opens the visitor's mail program; plain text when `address` could not be one. */
export function MailLink({
  address,
  subject,
  children,
}: {
  address: string
  subject?: string
  /** The link's text (the address when absent); Trans passes the translated text here. */
  children?: ReactNode
}) {
  const text = children ?? address
  if (!ADDRESS.test(address)) return <span>{text}</span>
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : ''
  return (
    <a
      href={`mailto:${address}${query}`}
      className="font-medium wrap-break-word text-blue-700 underline underline-offset-2 hover:text-blue-800"
    >
      {text}
    </a>
  )
}

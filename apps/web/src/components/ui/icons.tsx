import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement>

/** Decorative outline icons (24×24, currentColor); the text next to them carries the meaning. */
function Outline({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

export function LogoMark(props: IconProps) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 9h6v6H9zm8 0h6v6h-6zM9 17h6v6H9zm8 0h6v6h-6z" fill="#fff" />
    </svg>
  )
}

export function SearchIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Outline>
  )
}

export function HeartIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </Outline>
  )
}

export function FolderIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
      <path d="M3 11h18" />
    </Outline>
  )
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Outline>
  )
}

export function MenuIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Outline>
  )
}

export function CloseIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Outline>
  )
}

export function AlertIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5h.01" />
    </Outline>
  )
}

export function ExternalLinkIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
    </Outline>
  )
}

export function PlayIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <rect x="3" y="5" width="18" height="14" rx="3" />
      <path d="m10 9 5 3-5 3z" />
    </Outline>
  )
}

export function DownloadIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </Outline>
  )
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.5 2.5L16 9.5" />
    </Outline>
  )
}

/** "Save to collection": a bookmark. */
export function BookmarkIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M6 4h12v16l-6-4-6 4z" />
    </Outline>
  )
}

export function ArrowUpIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 19V5m-6 6 6-6 6 6" />
    </Outline>
  )
}

export function ArrowDownIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 5v14m6-6-6 6-6-6" />
    </Outline>
  )
}

import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement>

/** Decorative outline icons (24×24, currentColor) as components/ui/icons draws them; labels carry the meaning. */
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

/** A bookmark with a plus: "Save to collection". */
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

export function RemoveIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Outline>
  )
}

import type { ReactNode, SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement>

/** Decorative outline icons of the storefront (24×24, currentColor); text beside them carries the meaning. */
function Outline({ children, ...props }: IconProps & { children: ReactNode }) {
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

export const CheckIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Outline>
)

export const CrossIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M7 7l10 10M17 7 7 17" />
  </Outline>
)

export const MailIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </Outline>
)

export const LockIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="5" y="10" width="14" height="10" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3" />
  </Outline>
)

export const ShieldIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z" />
    <path d="m9 12 2 2 4-4" />
  </Outline>
)

export const RefreshIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 13a8 8 0 0 0 14.6 4.5L20 16" />
    <path d="M4 4v4h4M20 20v-4h-4" />
  </Outline>
)

export const ChevronLeftIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="m15 5-7 7 7 7" />
  </Outline>
)

export const ChevronRightIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="m9 5 7 7-7 7" />
  </Outline>
)

export const PauseIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M9 6v12M15 6v12" />
  </Outline>
)

export const PlayIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M8 5.5v13l10-6.5z" />
  </Outline>
)

export const GiftIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 3.5 8 4.5 9 8 12 8zm0 0s1.5-4.5 4-3.5S15 8 12 8z" />
  </Outline>
)

export const HeadsetIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1.5" />
    <rect x="17" y="14" width="4" height="6" rx="1.5" />
    <path d="M19 20c0 1-1.5 2-4 2h-2" />
  </Outline>
)

export const ReturnIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Outline>
)

import type { ComponentType, SVGProps } from 'react'
import type { SocialNetwork } from '@pg/shared/storefront/names'

type IconProps = SVGProps<SVGSVGElement>

/** A 24×24 glyph, decorative: the link around it carries the name. */
function Glyph({ filled = false, children, ...props }: IconProps & { filled?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
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

const TikTok = (props: IconProps) => (
  <Glyph filled {...props}>
    <path d="M12.53.02C13.84 0 15.14.01 16.44 0c.08 1.53.63 3.09 1.75 4.17 1.12 1.11 2.7 1.62 4.24 1.79v4.03c-1.44-.05-2.89-.35-4.2-.97-.57-.26-1.1-.59-1.62-.93-.01 2.92.01 5.84-.02 8.75-.08 1.4-.54 2.79-1.35 3.94-1.31 1.92-3.58 3.17-5.91 3.21-1.43.08-2.86-.31-4.08-1.03-2.02-1.19-3.44-3.37-3.65-5.71-.02-.5-.03-1-.01-1.49.18-1.9 1.12-3.72 2.58-4.96 1.66-1.44 3.98-2.13 6.15-1.72.02 1.48-.04 2.96-.04 4.44-.99-.32-2.15-.23-3.02.37-.63.41-1.11 1.04-1.36 1.75-.21.51-.15 1.07-.14 1.61.24 1.64 1.82 3.02 3.5 2.87 1.12-.01 2.19-.66 2.77-1.61.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07z" />
  </Glyph>
)

const Instagram = (props: IconProps) => (
  <Glyph {...props}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
  </Glyph>
)

const YouTube = (props: IconProps) => (
  <Glyph {...props}>
    <rect x="2.5" y="5" width="19" height="14" rx="4" />
    <path d="m10 9 5 3-5 3z" fill="currentColor" />
  </Glyph>
)

const Facebook = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
  </Glyph>
)

const X = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M4 4h4.5L20 20h-4.5zM4 20l6.5-7M20 4l-6.5 7" />
  </Glyph>
)

const LinkedIn = (props: IconProps) => (
  <Glyph {...props}>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5a2.5 2.5 0 0 1 5 0V17" />
  </Glyph>
)

const WhatsApp = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M4 20l1.3-3.9A8.5 8.5 0 1 1 8 19z" />
    <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8A5 5 0 0 1 11 10.8l.8-1-1-2z" />
  </Glyph>
)

const Telegram = (props: IconProps) => (
  <Glyph {...props}>
    <path d="M21 4 3 11l6 2.5M21 4l-3 16-9-6.5M21 4 9 13.5V19l3-3.5" />
  </Glyph>
)

const Website = (props: IconProps) => (
  <Glyph {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" />
  </Glyph>
)

/** One icon per network the owner may link to. */
export const SOCIAL_ICONS: Record<SocialNetwork, ComponentType<IconProps>> = {
  tiktok: TikTok,
  instagram: Instagram,
  youtube: YouTube,
  facebook: Facebook,
  x: X,
  linkedin: LinkedIn,
  whatsapp: WhatsApp,
  telegram: Telegram,
  website: Website,
}

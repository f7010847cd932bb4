import type { SVGProps } from 'react'
import { useTranslation } from 'react-i18next'
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons'
import type { SettingStatus } from '../api/settings-api'

function InfoIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </svg>
  )
}

const looks: Record<SettingStatus, { icon: typeof AlertIcon; tone: string }> = {
  ok: { icon: CheckCircleIcon, tone: 'text-emerald-800' },
  missing: { icon: AlertIcon, tone: 'text-red-800' },
  info: { icon: InfoIcon, tone: 'text-blue-800' },
}

/** A setting's state as an icon and a word: the colour and the shape only repeat the word. */
export function SettingStatusLabel({ status }: { status: SettingStatus }) {
  const { t } = useTranslation()
  const { icon: Icon, tone } = looks[status]
  return (
    <span className={`inline-flex items-center gap-1.5 font-semibold whitespace-nowrap ${tone}`}>
      <Icon className="size-5 shrink-0" />
      {t(`consoleSettings.statuses.${status}`)}
    </span>
  )
}

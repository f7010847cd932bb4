import { useTranslation } from 'react-i18next'

/** The owner's switch for the sale notices, remembered in this browser. */
export function SaleNoticesSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => onChange(!on)}
      className="inline-flex min-h-10 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors ${
          on ? 'bg-blue-600' : 'bg-slate-400'
        }`}
      >
        <span
          className={`size-4 rounded-full bg-white shadow-sm transition-transform ${
            on ? 'translate-x-4.5' : 'translate-x-0.5'
          }`}
        />
      </span>
      {t('consoleLive.noticesSwitch')}
    </button>
  )
}

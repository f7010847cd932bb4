import { useTranslation } from 'react-i18next'
import { HeartIcon } from '../../../components/ui/icons'
import { useFavorites } from '../favorites-context'

/** The heart: a toggle button, filled red when the project is a favourite. */
export function FavoriteToggle({ projectId, title }: { projectId: string; title: string }) {
  const { t } = useTranslation()
  const { ids, toggle } = useFavorites()
  const pressed = ids.includes(projectId)
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={t('favorites.toggle', { title })}
      title={t('favorites.toggle', { title })}
      onClick={() => toggle(projectId, title)}
      className={
        'rounded-full bg-white/90 p-2 shadow-sm ring-1 ring-slate-200 backdrop-blur transition-colors hover:bg-white ' +
        (pressed ? 'text-red-600' : 'text-slate-500 hover:text-red-600')
      }
    >
      <HeartIcon className="size-5" fill={pressed ? 'currentColor' : 'none'} />
    </button>
  )
}

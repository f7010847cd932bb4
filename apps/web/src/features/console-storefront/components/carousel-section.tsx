import { useTranslation } from 'react-i18next'
import { STOREFRONT_LIMITS, type CarouselApp, type StorefrontContent } from '@pg/shared/storefront/content'
import { useProjectsById } from '../api/catalogue-projects'
import { part, type Bound } from '../model/bound'
import { LocalizedField, TextField } from './fields'
import { ListEditor } from './list-editor'
import { ProjectPicker } from './project-picker'
import { Group, SectionFrame } from './section-frame'
import { emptyText } from './text-lists'

type ManualApp = Extract<CarouselApp, { source: 'manual' }>

/** A manual app's part (`part` needs an object type it can see, not the union). */
const manualPart = <K extends 'title' | 'description' | 'image'>(
  app: Bound<CarouselApp>,
  manual: ManualApp,
  key: K,
): Bound<ManualApp[K]> => ({
  value: manual[key],
  onChange: (next) => app.onChange({ ...manual, [key]: next }),
  path: `${app.path}.${key}`,
})

/** The carousel: its heading, and its apps picked from the catalogue or given by hand, in order. */
export function CarouselSection({ bound }: { bound: Bound<StorefrontContent> }) {
  const { t } = useTranslation()
  const carousel = part(part(bound, 'landing'), 'carousel')
  const apps = part(carousel, 'apps')
  const projectIds = apps.value.flatMap((app) => (app.source === 'project' ? [app.projectId] : []))
  const projects = useProjectsById(projectIds)
  const titleOf = (id: string) => projects.data?.find((project) => project.$id === id)?.title
  return (
    <SectionFrame
      title={t('consoleStorefront.sections.carousel')}
      intro={t('consoleStorefront.intros.carousel')}
    >
      <Group legend={t('consoleStorefront.groups.carouselTexts')}>
        <LocalizedField label={t('consoleStorefront.labels.heading')} bound={part(carousel, 'heading')} />
        <LocalizedField
          label={t('consoleStorefront.labels.intro')}
          bound={part(carousel, 'intro')}
          rows={2}
          optional
          hint={t('consoleStorefront.hints.countToken')}
        />
      </Group>
      <p className="text-sm font-medium text-slate-800">
        {t('consoleStorefront.carousel.count', { count: apps.value.length })}
      </p>
      <ListEditor
        legend={t('consoleStorefront.labels.apps')}
        bound={apps}
        itemName={(number) => t('consoleStorefront.items.app', { number })}
        addLabel={t('consoleStorefront.add.manualApp')}
        newItem={(): CarouselApp => ({
          source: 'manual',
          title: emptyText(),
          description: emptyText(),
          image: '',
        })}
        max={STOREFRONT_LIMITS.carouselApps}
      >
        {(app) =>
          app.value.source === 'project' ? (
            <p className="text-sm text-slate-800">
              {t('consoleStorefront.carousel.fromCatalogue')}{' '}
              <strong>
                {titleOf(app.value.projectId) ?? t('consoleStorefront.carousel.unknownProject')}
              </strong>{' '}
              <code translate="no" className="text-xs text-slate-600">
                {app.value.projectId}
              </code>
            </p>
          ) : (
            <>
              <LocalizedField
                label={t('consoleStorefront.labels.title')}
                bound={manualPart(app, app.value, 'title')}
              />
              <LocalizedField
                label={t('consoleStorefront.labels.description')}
                bound={manualPart(app, app.value, 'description')}
                rows={2}
              />
              <TextField
                label={t('consoleStorefront.labels.image')}
                bound={manualPart(app, app.value, 'image')}
                inputMode="url"
                hint={t('consoleStorefront.hints.image')}
              />
            </>
          )
        }
      </ListEditor>
      <ProjectPicker
        full={apps.value.length >= STOREFRONT_LIMITS.carouselApps}
        chosen={projectIds}
        onPick={(projectId) => apps.onChange([...apps.value, { source: 'project', projectId }])}
      />
    </SectionFrame>
  )
}

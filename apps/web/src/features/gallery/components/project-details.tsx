import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ExternalLinkIcon } from '../../../components/ui/icons'
import type { GalleryProject } from '../model/project'
import { ProjectVideo } from './project-video'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  )
}

/** Everything about one project (seed-spec section 2, detail modal). Lists appear only when not empty. */
export function ProjectDetails({ project }: { project: GalleryProject }) {
  const { t } = useTranslation()
  return (
    <div className="space-y-6 p-6 pt-0 sm:p-8 sm:pt-0">
      <ProjectVideo url={project.youtubeUrl} title={project.title} poster={project.thumbnailUrl} />
      <Section title={t('project.problemSolved')}>
        <p className="whitespace-pre-line text-slate-700">
          {project.problemSolved || t('project.noProblem')}
        </p>
      </Section>
      {project.demonstrationCases.length > 0 && (
        <Section title={t('project.demonstrationCases')}>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            {project.demonstrationCases.map((demonstration, index) => (
              <li key={index}>{demonstration}</li>
            ))}
          </ul>
        </Section>
      )}
      {project.links.length > 0 && (
        <Section title={t('project.projectLinks')}>
          <ul className="space-y-1">
            {project.links.map((link, index) => (
              <li key={index}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 font-medium break-all text-blue-700 hover:underline"
                >
                  {link.title}
                  <ExternalLinkIcon className="size-4 shrink-0" />
                  <span className="sr-only">{t('project.opensInNewTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={t('project.author')}>
        <p className="text-slate-700">{project.author || t('project.unknownAuthor')}</p>
      </Section>
    </div>
  )
}

import { hashKey, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { z } from 'zod/mini'
import { databaseId } from '../../../lib/backend'
import { isDocumentEvent, useLive, type LiveEvent } from '../../../lib/realtime'
import { projectsCollection } from '../api/collections'
import { fetchProjectsByIds } from '../api/list-projects'
import { arrivalsAmong, fetchArrivalsSince } from '../api/live-arrivals'
import type { ProjectSource } from '../model/filters'
import type { GalleryProject } from '../model/project'
import { projectPagesQuery, projectsByIdsQuery, type LoadedProjectPage } from './gallery-queries'
import { withdrawProjects } from './use-withdrawn-projects'

/** What a project's event says of it (README: Realtime); a create's category is its id. */
const projectEventSchema = z.object({ $id: z.string(), category: z.optional(z.string()) })

/** A burst of events (an import) is one question to the server. */
const BATCH_MS = 300

/** The arrivals counted for one list: the ids the events named, and how many more the server counted. */
interface Arrivals {
  list: string
  ids: readonly string[]
  beyond: number
}

/**
 * The gallery's live catalogue (issue 45): projects the owner adds are counted as arrivals for the list
 * on screen, never put into it (the member asks for them); a project changed is read again and patched in
 * its place; one deleted is marked withdrawn where it is. After the connection comes back, what was missed
 * is asked for: the arrivals since the list was loaded, and the projects on screen again.
 */
export function useLiveCatalogue(
  source: ProjectSource,
  loadedAt: string | null,
  shown: readonly GalleryProject[],
) {
  const queryClient = useQueryClient()
  const list = `${hashKey(projectPagesQuery(source).queryKey)}@${loadedAt ?? ''}`
  const [arrivals, setArrivals] = useState<Arrivals>({ list, ids: [], beyond: 0 })
  const latest = useRef({ list, source, loadedAt, shown })
  useEffect(() => {
    latest.current = { list, source, loadedAt, shown }
  })
  const pending = useRef({ created: [] as string[], changed: [] as string[], timer: 0 })
  useEffect(() => () => window.clearTimeout(pending.current.timer), [])

  // A new list (another filter, or the same one loaded again) starts with no arrivals.
  const current = arrivals.list === list ? arrivals : { list, ids: [], beyond: 0 }

  function arrived(forList: string, ids: readonly string[]) {
    setArrivals((before) => {
      const base = before.list === forList ? before : { list: forList, ids: [], beyond: 0 }
      const fresh = ids.filter((id) => !base.ids.includes(id))
      return fresh.length === 0 ? base : { ...base, ids: [...base.ids, ...fresh] }
    })
  }

  /** Reads projects again and puts each in its place in every kept list; those gone are withdrawn. */
  async function refresh(ids: readonly string[]) {
    if (ids.length === 0) return
    const found = new Map((await fetchProjectsByIds(ids)).map((project) => [project.id, project]))
    const patch = (project: GalleryProject) => found.get(project.id) ?? project
    queryClient.setQueriesData<InfiniteData<LoadedProjectPage, string | null>>(
      { queryKey: projectPagesQuery({ kind: 'all' }).queryKey.slice(0, 2) },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, projects: page.projects.map(patch) })),
        },
    )
    queryClient.setQueriesData<GalleryProject[]>(
      { queryKey: projectsByIdsQuery([]).queryKey.slice(0, 2) },
      (projects) => projects?.map(patch),
    )
    withdrawProjects(
      queryClient,
      ids.filter((id) => !found.has(id)),
    )
  }

  function flush() {
    const { created, changed } = pending.current
    pending.current = { created: [], changed: [], timer: 0 }
    const { list: forList, source: forSource } = latest.current
    if (created.length > 0)
      arrivalsAmong(forSource, created)
        .then((ids) => arrived(forList, ids))
        .catch((error: unknown) => console.error('Live arrivals error', error))
    refresh([...new Set(changed)]).catch((error: unknown) => console.error('Live refresh error', error))
  }

  function later(kind: 'created' | 'changed', id: string) {
    pending.current[kind].push(id)
    if (!pending.current.timer) pending.current.timer = window.setTimeout(flush, BATCH_MS)
  }

  function onEvent(event: LiveEvent) {
    const parsed = projectEventSchema.safeParse(event.payload)
    if (!parsed.success) return
    const { $id: id, category } = parsed.data
    const { list: forList, source: forSource, loadedAt: since, shown: onScreen } = latest.current
    const isShown = onScreen.some((project) => project.id === id)
    if (isDocumentEvent(event, 'create')) {
      if (since === null || isShown) return
      if (forSource.kind === 'all') arrived(forList, [id])
      else if (forSource.kind === 'category') {
        if (category === forSource.categoryId) arrived(forList, [id])
      } else later('created', id)
    } else if (isDocumentEvent(event, 'update')) {
      if (isShown) later('changed', id)
    } else if (isDocumentEvent(event, 'delete')) {
      setArrivals((before) =>
        before.ids.includes(id) ? { ...before, ids: before.ids.filter((one) => one !== id) } : before,
      )
      withdrawProjects(queryClient, [id])
    }
  }

  async function onReconnect() {
    const { list: forList, source: forSource, loadedAt: since, shown: onScreen } = latest.current
    if (since === null) return
    const [missed] = await Promise.all([
      fetchArrivalsSince(forSource, since),
      refresh(onScreen.map((project) => project.id)),
    ])
    const ids = missed.ids.filter((id) => !onScreen.some((project) => project.id === id))
    setArrivals({ list: forList, ids, beyond: Math.max(0, missed.total - missed.ids.length) })
  }

  useLive({
    channels: [`databases.${databaseId}.collections.${projectsCollection}.documents`],
    onEvent,
    onReconnect: () =>
      void onReconnect().catch((error: unknown) => console.error('Live catch-up error', error)),
  })

  return { arrivals: current.ids.length + current.beyond }
}

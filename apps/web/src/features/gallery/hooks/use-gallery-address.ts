import { useCallback, useMemo } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import {
  applyFilter,
  filtersFromParams,
  filtersToParams,
  openProjectId,
  type FilterAction,
} from '../model/filters'
import { sortFromParams, sortToParams, type SortChoice } from '../model/sort'

/** History state of an entry made by opening a project here: closing it goes back instead. */
interface OpenedHere {
  projectOpenedHere: true
}

const openedHere = (state: unknown): state is OpenedHere =>
  typeof state === 'object' && state !== null && 'projectOpenedHere' in state

/**
 * The gallery's state lives in the address (`?q=…&category=…&tag=…&sort=…&project=…`): views can be
 * shared and bookmarked, and Back/Forward step through filters, sorts and the open project.
 */
export function useGalleryAddress() {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const filters = useMemo(() => filtersFromParams(params), [params])
  const projectId = openProjectId(params)
  const sort = sortFromParams(params)

  const dispatch = useCallback(
    (action: FilterAction) => {
      setParams(
        (current) => {
          const next = filtersToParams(applyFilter(filtersFromParams(current), action), current)
          next.delete('project')
          return next
        },
        // Each pause in typing is not a step of history; choosing a filter or starting a search is.
        { replace: action.type === 'search' && filtersFromParams(params).q !== '', preventScrollReset: true },
      )
    },
    [params, setParams],
  )

  const chooseSort = useCallback(
    (choice: SortChoice | null) => {
      setParams(
        (current) => {
          const next = sortToParams(choice, current)
          next.delete('project')
          return next
        },
        { preventScrollReset: true },
      )
    },
    [setParams],
  )

  const openProject = useCallback(
    (id: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.set('project', id)
          return next
        },
        { state: { projectOpenedHere: true } satisfies OpenedHere, preventScrollReset: true },
      )
    },
    [setParams],
  )

  const closeProject = useCallback(() => {
    if (openedHere(location.state)) {
      void navigate(-1)
      return
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('project')
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }, [location.state, navigate, setParams])

  return { filters, sort, projectId, dispatch, chooseSort, openProject, closeProject }
}

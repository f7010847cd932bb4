import { useEffect, useRef } from 'react'
import { OPEN_PROJECT_ATTRIBUTE } from '../components/project-card'

/** When the details of a project close, focus goes back to that project's card (if it is on screen). */
export function useFocusReturn(projectId: string | null) {
  const previous = useRef(projectId)
  useEffect(() => {
    const closed = previous.current
    previous.current = projectId
    if (!closed || projectId) return
    document.querySelector<HTMLElement>(`[${OPEN_PROJECT_ATTRIBUTE}="${CSS.escape(closed)}"]`)?.focus()
  }, [projectId])
}

import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { APP_PATHS, SHELL_PATHS } from '@pg/shared/routes'
import { routes } from '../src/app/routes'

/** Every address the router draws, written out in full (`/admin/members`); `*` is the 404 page. */
function drawnPaths(children: RouteObject[], parent = ''): string[] {
  return children.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`
    const here = route.index ? [parent || '/'] : route.path !== undefined && !route.children ? [own] : []
    const childPaths = route.children ? drawnPaths(route.children, own) : []
    // A layout with a path of its own and an index child draws that address through the index.
    return [...here, ...childPaths]
  })
}

describe('the addresses the web app draws (issue 28, item 12)', () => {
  it('are the server’s app paths, so each one answers 200 with its page, and no other', () => {
    const drawn = drawnPaths(routes).filter((path) => !path.endsWith('*'))
    expect(new Set(drawn)).toEqual(new Set(APP_PATHS))
  })

  it('that the browser draws alone include the console’s pages', () => {
    expect(SHELL_PATHS).toEqual(
      expect.arrayContaining([
        '/search',
        '/home',
        '/admin',
        '/admin/analytics',
        '/admin/members',
        '/admin/audit',
        '/reset-password',
      ]),
    )
  })
})

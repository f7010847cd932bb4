/** A project added this many days ago or less, after the catalogue's first load, is "New" (decision 058). */
export const NEW_PROJECT_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Whether a project wears the "New" badge (issue 28, item 13): added (`$createdAt`) in the last 30 days
 * and after the catalogue's first load (`GET /v1/store/catalog`), so the first load's projects (the
 * demo, or the owner's first import) never do. Not new while the first load is unknown (`undefined`:
 * not read yet, or the read failed) or there was none (`null`), nor when a date does not parse. A date
 * slightly ahead of this device's clock (the server's runs ahead) is new too.
 */
export function isNewProject(
  createdAt: string | null,
  firstLoadedAt: string | null | undefined,
  now: number,
): boolean {
  if (createdAt === null || firstLoadedAt === null || firstLoadedAt === undefined) return false
  const added = Date.parse(createdAt)
  const firstLoad = Date.parse(firstLoadedAt)
  return added > firstLoad && now - added <= NEW_PROJECT_DAYS * DAY_MS
}

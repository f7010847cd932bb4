import { spawnSync } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from './server'

/** The workspace's own packages' scope in node_modules. */
const WORKSPACE_SCOPE = '@pg'

/** Where benches that compare with another commit check it out (gitignored). */
export const COMPARE_WORK = path.join(REPO_ROOT, 'bench/.work/compare')

/**
 * Another commit checked out under bench/.work/compare/ (a git worktree, kept between runs), with this
 * checkout's packages linked one by one but the workspace's own (`@pg/*`) linked to its own folders, so
 * that its code runs against its own packages/shared (a node_modules linked whole ran this checkout's).
 */
export function otherCheckout(commit: string): { sha: string; dir: string } {
  mkdirSync(COMPARE_WORK, { recursive: true })
  const sha = spawnSync('git', ['rev-parse', '--short', commit], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  }).stdout.trim()
  if (!sha) throw new Error(`No commit ${commit}`)
  const dir = path.join(COMPARE_WORK, `checkout-${sha}`)
  if (!existsSync(dir)) {
    const added = spawnSync('git', ['worktree', 'add', '--detach', dir, sha], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    })
    if (added.status !== 0) throw new Error(`git worktree add ${dir} ${sha} failed`)
  }
  linkPackages(dir)
  return { sha, dir }
}

function linkPackages(checkout: string) {
  const modules = path.join(checkout, 'node_modules')
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) rmSync(modules)
  if (existsSync(path.join(modules, '.linked'))) return
  mkdirSync(modules, { recursive: true })
  const ours = path.join(REPO_ROOT, 'node_modules')
  for (const name of readdirSync(ours)) {
    const target = path.join(modules, name)
    if (existsSync(target)) continue
    if (name !== WORKSPACE_SCOPE) {
      symlinkSync(path.join(ours, name), target)
      continue
    }
    // Workspace links are relative (../../apps/server): the same link in the other checkout is its own.
    mkdirSync(target)
    for (const workspace of readdirSync(path.join(ours, name)))
      symlinkSync(readlinkSync(path.join(ours, name, workspace)), path.join(target, workspace))
  }
  writeFileSync(path.join(modules, '.linked'), '')
}

import { execFileSync } from 'node:child_process'
import { hasTestBrowser, TEST_BROWSER } from './chromium'

/**
 * Browser tests need Debian's Chromium (Playwright's own browser downloads do not work here): its
 * headless shell (decision 069). As root, install it; otherwise stop with a message saying how.
 */
if (!hasTestBrowser()) {
  const { path, debianPackage } = TEST_BROWSER
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `Chromium's headless shell was not found at ${path}.\n` +
        `Install it with \`sudo apt-get install -y ${debianPackage}\`, or set CHROMIUM_PATH to a Chromium binary.\n`,
    )
    process.exit(1)
  }
  process.stdout.write(`Installing ${debianPackage} from Debian packages…\n`)
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (!hasTestBrowser()) {
    process.stderr.write(`Chromium's headless shell is still missing at ${path} after installing it.\n`)
    process.exit(1)
  }
}

import { execFileSync } from 'node:child_process'
import { chromiumPath, hasChromium } from './chromium'

/**
 * Browser tests need Debian's Chromium (Playwright's own browser downloads do not work here). As root,
 * install it; otherwise stop with a message saying how.
 */
if (!hasChromium()) {
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `Chromium was not found at ${chromiumPath()}.\n` +
        'Install it with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.\n',
    )
    process.exit(1)
  }
  process.stdout.write('Installing Chromium from Debian packages…\n')
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (!hasChromium()) {
    process.stderr.write(`Chromium is still missing at ${chromiumPath()} after installing it.\n`)
    process.exit(1)
  }
}

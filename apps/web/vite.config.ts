import { defineConfig, type Plugin, type ViteDevServer } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import type * as DefaultContent from '@pg/shared/storefront/default-content'
import type * as Resolve from '@pg/shared/storefront/resolve'

/** The API server (apps/server) during development; the built app is served by it on the same origin. */
const apiServer = 'http://localhost:3000'
const proxy = { '/v1': apiServer, '/media': apiServer }

/**
 * The console's modules: its routes, its texts, what its pages share (components/console, lib/console)
 * and its features, one per page (features/console-*) (decisions 041 and 060).
 */
const CONSOLE_MODULE =
  /[\\/]src[\\/](?:(?:routes|locales|components|lib)[\\/]console[\\/]|features[\\/]console-)/

/**
 * The dev server's pages carry the storefront's version 1, as the store's server writes a published one
 * into every page it sends (decision 073): resolved here, in Node, so the browser never loads the
 * Markdown parser. In the language `?lang=` asks for (the language switcher asks for the other one so).
 */
function storefrontInDevPages(): Plugin {
  let server: ViteDevServer | undefined
  return {
    name: 'storefront-in-dev-pages',
    apply: 'serve',
    configureServer(devServer) {
      server = devServer
    },
    async transformIndexHtml(html, context) {
      if (!server) return html
      const language =
        new URL(context.originalUrl ?? '/', 'http://dev.invalid').searchParams.get('lang') === 'en'
          ? 'en'
          : 'es'
      // Loaded through the dev server, which reads the shared package's TypeScript as the app does.
      const content = (await server.ssrLoadModule(
        '@pg/shared/storefront/default-content',
      )) as typeof DefaultContent
      const { resolveStorefront } = (await server.ssrLoadModule(
        '@pg/shared/storefront/resolve',
      )) as typeof Resolve
      const storefront = resolveStorefront(content.defaultStorefrontContent(), language, {
        supportEmail: 'soporte@localhost',
      })
      const json = JSON.stringify(storefront).replace(/</g, '\\u003c')
      return html
        .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
        .replace(
          '<div id="root"></div>',
          () => `<div id="root"></div><script type="application/json" id="pg-storefront">${json}</script>`,
        )
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), storefrontInDevPages()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // The owner's console is named apart (console-*.js), so a test and bench:web can prove that no
        // visitor or member downloads any of it; a chunk holding any console module counts as console.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => CONSOLE_MODULE.test(id))
            ? 'assets/console-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        // Libraries change less often than the app: separate chunks stay cached across app releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The API client alone, fetched by the first call that needs it.
            { name: 'appwrite', test: /[\\/]node_modules[\\/](appwrite|bignumber\.js|json-bigint)[\\/]/ },
            // Left out: the carousel (the landing page's alone), the API client (loaded on first use,
            // which a signed-out visitor's page never makes) and the console's charts (uPlot, decision
            // 065: admins only): each stays with the code that imports it.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](?!embla-carousel|appwrite|bignumber\.js|json-bigint|uplot)/,
            },
          ],
        },
      },
    },
  },
})

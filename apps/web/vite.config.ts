import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

/** The API server (apps/server) during development; the built app is served by it on the same origin. */
const apiServer = 'http://localhost:3000'
const proxy = { '/v1': apiServer, '/media': apiServer }

/**
 * The console's modules: its routes, its texts, what its pages share (components/console, lib/console)
 * and its features, one per page (features/console-*) (decisions 041 and 060).
 */
const CONSOLE_MODULE =
  /[\\/]src[\\/](?:(?:routes|locales|components|lib)[\\/]console[\\/]|features[\\/]console-)/

export default defineConfig({
  plugins: [react(), tailwindcss()],
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

import { z } from 'zod/mini'

/**
 * zod compiles fast object parsers with `new Function` when it can, and tries it once to find out: under
 * the store's Content-Security-Policy (no `unsafe-eval`) that try is a violation the browser reports
 * (Lighthouse's Best Practices counted it on /login). The app parses small answers: the plain parser is
 * fast enough, and nothing is tried. main.tsx sets the same before any chunk runs (zod reads it when a
 * schema is made, and a chunk may make some before this module runs); this keeps it for the app's own
 * start (a page without main.tsx: the tests).
 */
z.config({ jitless: true })

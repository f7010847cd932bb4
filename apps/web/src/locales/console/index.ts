/** Both languages of the console, for the tests and the types; the console loads only the page's. */
export { enConsole } from './en'
export { esConsole } from './es'

/** The sign-in and registration pages outside /api, which app.ts registers among the pages. */
export { registerLoginPage } from './routes.js';

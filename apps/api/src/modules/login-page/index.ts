export { registerLoginPage } from './routes.js';

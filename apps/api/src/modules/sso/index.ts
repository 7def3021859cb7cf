/** Single sign-on's public surface: the cookie name of a sign-in in flight (the routes set it); other modules use the `ssoRule` hook. */
export { SSO_COOKIE } from './routes.js';

import { errorResponseSchema } from '@enlaza/contracts';

/** The failures a route can document; each answers the shared Error body (described in openapi.ts). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 406 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;
export type ErrorResponses<S extends ErrorStatus> = { [K in S]: typeof errorResponseSchema };

/** `response` entries for these failure statuses (spread them next to the success answer). */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): ErrorResponses<S> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as ErrorResponses<S>;
}

/** A signed-in route: the bearer token from `POST /api/login` (the document's default). */
export const bearerSecurity: { bearer: string[] }[] = [{ bearer: [] }];

interface Declaration<S extends ErrorStatus> {
  /** `bearer`: a signed-in session (401 is then implied); `public`: no token (`security: []`). */
  auth: 'bearer' | 'public';
  /** The other statuses its routes can answer. */
  answers: readonly S[];
}

/**
 * The OpenAPI declaration shared by a module's routes, from who may call them and what they can
 * answer: `security` for each route's schema and `failures` to spread into its `response` (a
 * route's own extra failures: `...errorResponses(413)`).
 */
export function routeDocs<S extends ErrorStatus>(
  declaration: Declaration<S> & { auth: 'bearer' },
): { security: typeof bearerSecurity; failures: ErrorResponses<S | 401> };
export function routeDocs<S extends ErrorStatus>(
  declaration: Declaration<S> & { auth: 'public' },
): { security: { bearer: string[] }[]; failures: ErrorResponses<S> };
export function routeDocs<S extends ErrorStatus>({ auth, answers }: Declaration<S>) {
  if (auth === 'public') return { security: [], failures: errorResponses(...answers) };
  return { security: bearerSecurity, failures: errorResponses<S | 401>(401, ...answers.filter((status) => status !== 401)) };
}

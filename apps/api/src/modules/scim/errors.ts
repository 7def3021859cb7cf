/** RFC 7644 §3.12's `scimType`s this server answers. */
export type ScimType =
  'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/**
 * A SCIM failure, answered as RFC 7644 §3.12 says: `{schemas: [Error], status: "400", scimType?,
 * detail}` with that HTTP status. The detail is in English: identity providers log it as it is.
 */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | null,
    readonly detail: string,
  ) {
    super(detail);
  }

  body() {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    };
  }
}

export const notFound = (what: string) => new ScimError(404, null, `${what} not found.`);

import { HttpError } from '../../../lib/errors';

/** RFC 7644 §3.12's detail error keywords. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A SCIM error: its HTTP status, the RFC's keyword where it has one, and a sentence to act on. */
export class ScimError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(statusCode, message);
  }
}

export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');
export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath');
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const noTarget = (detail: string) => new ScimError(400, detail, 'noTarget');
export const mutability = (detail: string) => new ScimError(400, detail, 'mutability');
export const scimNotFound = (what: 'User' | 'Group', id: string) =>
  new ScimError(404, `No ${what.toLowerCase()} of your organisation has the id “${id}”.`);

/** The body of a SCIM error answer (RFC 7644 §3.12): the status is a string. */
export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return {
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail,
  };
}

/**
 * Errors that leave the API as Django REST framework shapes (DESIGN.md section 4). Services throw
 * them; the error handler turns them into responses.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'ApiError';
  }
}

export const notFound = () => new ApiError(404, { detail: 'Not found.' });

export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new ApiError(403, { detail });

export const notAuthenticated = () =>
  new ApiError(401, {
    detail: 'Authentication credentials were not provided.',
    code: 'not_authenticated',
  });

/** 400 with messages per field: `{"field": ["message"]}`. */
export const fieldErrors = (errors: Record<string, string[]>) => new ApiError(400, errors);

/** An id from a URL path: a positive integer, or the 404 an unknown id gets. */
export function parseId(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw notFound();
  const id = Number(text);
  if (id < 1) throw notFound();
  return id;
}

/**
 * ProblemDetails-style error bodies (RFC 9457), shaped as ASP.NET services send them:
 * validation problems list their messages per field in `errors`.
 */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly errors?: Record<string, string[]>;
  readonly [extension: string]: unknown;
}

const KNOWN: Record<number, [section: string, title: string]> = {
  400: ['15.5.1', 'Bad Request'],
  401: ['15.5.2', 'Unauthorized'],
  403: ['15.5.4', 'Forbidden'],
  404: ['15.5.5', 'Not Found'],
  405: ['15.5.6', 'Method Not Allowed'],
  413: ['15.5.14', 'Content Too Large'],
  415: ['15.5.16', 'Unsupported Media Type'],
  500: ['15.6.1', 'Internal Server Error'],
  503: ['15.6.4', 'Service Unavailable'],
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function problem(status: number, detail: string, extensions: Record<string, unknown> = {}): Problem {
  const [section, title] = KNOWN[status] ?? ['15.5.1', 'Error'];
  return { type: `https://tools.ietf.org/html/rfc9110#section-${section}`, title, status, detail, ...extensions };
}

/** A 400 naming each invalid field or parameter. */
export function validationProblem(errors: Record<string, string[]>, detail?: string): Problem {
  const names = Object.keys(errors);
  return {
    ...problem(400, detail ?? `Invalid: ${names.join(', ')}.`),
    title: 'One or more validation errors occurred.',
    errors,
  };
}

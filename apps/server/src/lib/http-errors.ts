// The one error policy of the server (ADR 003): every error answer is
// `{ message }`; 4xx messages tell the client what to fix, 5xx say nothing
// internal and are logged with the cause. The one map from a DomainError's
// code to an HTTP status is here (ADR 034): services say what went wrong,
// never how to answer it.
import { isDomainError, type DomainErrorCode, type ErrorBody } from '@sas/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { wantsAppShell } from '../plugins/web.js';
import { cspHeader, siteCspDirectives } from '../security.js';
import { validationMessage } from './validation-message.js';

export const internalErrorMessage = 'Internal server error';
export const notFoundMessage = 'Not found';

interface ErrorAnswer {
  statusCode: number;
  body: ErrorBody;
}

function readProperty(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** Fastify's own 4xx wording, rewritten where it reads like an internal. */
function clientErrorMessage(error: unknown, request: FastifyRequest): string {
  const code = readProperty(error, 'code');
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      // Also raised for "__proto__"/"constructor" keys, refused as prototype poisoning.
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return "The request body is empty but its content type is 'application/json'; send a JSON value";
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request body is too large; the limit is ${formatBytes(request.routeOptions.bodyLimit)}`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const contentType = request.headers['content-type'];
      const what = contentType
        ? `Content type '${contentType.split(';', 1)[0]?.trim()}' is not supported`
        : 'A content type is required';
      return `${what}; send the body as application/json`;
    }
    default: {
      const message = readProperty(error, 'message');
      return typeof message === 'string' && message !== '' ? message : 'The request is not valid';
    }
  }
}

/**
 * SQLSTATEs of class 22 (data exception) that only a value the client sent
 * can cause: too long, out of range, not of the column's type, or a
 * character PostgreSQL text cannot hold. Such a request is the client's
 * mistake, so it gets a 400 rather than a 500 (routes should refuse these
 * values before any query; this catches what they miss).
 */
const dataExceptionMessages: Record<string, string> = {
  '22001': 'A value in the request is too long',
  '22003': 'A number in the request is out of range',
  '22007': 'A date or time in the request is not valid',
  '22008': 'A date or time in the request is out of range',
  '22021': 'The request contains a character that is not allowed',
  '22P02': 'A value in the request is not in the expected format',
  '22P05': 'The request contains a character that is not allowed',
};

/** The message for a database data exception in `error` or what it wraps (Drizzle's `cause`), if any. */
function dataExceptionMessage(error: unknown): string | undefined {
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 5; e = readProperty(e, 'cause'), depth++) {
    const code = readProperty(e, 'code');
    if (typeof code === 'string' && Object.hasOwn(dataExceptionMessages, code)) return dataExceptionMessages[code];
  }
  return undefined;
}

/**
 * The HTTP status of each DomainError code. A record over the closed union:
 * a new code does not compile until it has its status here.
 */
export const domainErrorStatus: Record<DomainErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rejected: 422,
  unavailable: 503,
  // A pure rule's own code reaching the handler means a service let unchecked
  // input through or computed a wrong value (services turn the ones input can
  // cause into a 4xx themselves, as createPaymentIntent does): our bug.
  invalid_date: 500,
  invalid_date_range: 500,
  invalid_time_zone: 500,
  invalid_amount: 500,
  invalid_nights: 500,
  invalid_page_size: 500,
  unknown_add_on: 500,
  duplicate_add_on: 500,
  add_on_option_required: 500,
  invalid_add_on_option: 500,
  invalid_add_on_schedule: 500,
};

/** What to answer for an error thrown while handling a request. */
export function describeError(error: unknown, request: FastifyRequest): ErrorAnswer {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = readProperty(error, 'validationContext');
    const schema = typeof context === 'string' ? readProperty(request.routeOptions.schema, context) : undefined;
    return { statusCode: 400, body: { message: validationMessage(error.validation, context, schema) } };
  }
  if (isDomainError(error)) {
    const statusCode = domainErrorStatus[error.code];
    // 'unavailable' (503) tells the client to try again; other 5xx are our bugs and say nothing.
    if (statusCode < 500 || error.code === 'unavailable') return { statusCode, body: { message: error.message } };
    return { statusCode: 500, body: { message: internalErrorMessage } };
  }
  // Fastify's own errors (body parsing, multipart limits) carry their status.
  const statusCode = readProperty(error, 'statusCode');
  if (typeof statusCode === 'number' && Number.isInteger(statusCode) && statusCode >= 400 && statusCode < 500) {
    return { statusCode, body: { message: clientErrorMessage(error, request) } };
  }
  const dataException = dataExceptionMessage(error);
  if (dataException) return { statusCode: 400, body: { message: dataException } };
  // Everything else, including a response that broke its own schema, is our bug.
  return { statusCode: 500, body: { message: internalErrorMessage } };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = describeError(error, request);
  if (answer.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else if (dataExceptionMessage(error)) {
    // The client's mistake, but one a route let through to the database: worth a look.
    request.log.warn({ err: error }, 'request rejected by the database');
  } else {
    request.log.info({ statusCode: answer.statusCode, message: answer.body.message }, 'request rejected');
  }
  return reply.code(answer.statusCode).send(answer.body);
}

/**
 * Errors raised before routing (a malformed percent-escape, an overlong path
 * parameter): Fastify hands them here instead of writing its own body.
 */
export function frameworkErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const code = readProperty(error, 'code');
  // SPEC.md section 2: the SPA itself copes with an undecodable /property/{id}
  // (it falls back to the raw value), so page navigations still get the app.
  if (code === 'FST_ERR_BAD_URL' && wantsAppShell(request)) {
    // Hooks (helmet included) do not run before routing, so the page's policy is set here.
    void reply.header('content-security-policy', cspHeader(siteCspDirectives(request.server.env)));
    request.server.sendAppShell(request, reply).catch((err: unknown) => {
      request.log.error({ err }, 'could not send the app shell');
      void reply.code(500).send({ message: internalErrorMessage });
    });
    return;
  }
  const answer: ErrorAnswer =
    code === 'FST_ERR_BAD_URL'
      ? {
          statusCode: 400,
          body: { message: 'The URL is not valid: it contains a malformed percent-encoded character' },
        }
      : code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? { statusCode: 414, body: { message: 'A part of the URL path is too long' } }
        : describeError(error, request);
  if (answer.statusCode >= 500) request.log.error({ err: error }, 'request failed before routing');
  void reply.code(answer.statusCode).send(answer.body);
}

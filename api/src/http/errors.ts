/**
 * The one error shape of the API: { message, errors?: [{ field, message }] } (DESIGN.md §7).
 * Every failure, expected or not, leaves through `sendError`; a 500 never carries detail.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from 'shared-contracts';
import { DatabaseUnavailableError } from '../db/postgres-pool';

/** What a 503 for an unavailable database asks the client to wait. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly retryAfterSeconds?: number;
  readonly errors?: FieldError[];

  constructor(
    readonly statusCode: number,
    message: string,
    extra: { errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.errors = extra.errors;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export const badRequest = (message: string, field?: string) => new ApiError(400, message, field ? { errors: [{ field, message }] } : {});
export const unauthorized = (message: string = MESSAGES.authRequired) => new ApiError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, field?: string) => new ApiError(409, message, field ? { errors: [{ field, message }] } : {});

/** PostgreSQL error codes the handlers translate. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** Text PostgreSQL cannot store (a NUL byte): only ever client input that validation let through. */
export const PG_CHARACTER_NOT_IN_REPERTOIRE = '22021';

export function isPgError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** Fastify's own 4xx errors, mapped to our wording. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.invalidInput },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
};

function fieldOf(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
}

export interface ErrorHandlingOptions {
  /** Answers a not-found request itself (the site's page fallback), or returns undefined. */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath, error.validationContext),
        // A body, query or params that is not an object at all has no field message of its own.
        message: issue.instancePath === '/' && issue.keyword === 'invalid_type' ? MESSAGES.invalidInput : issue.message,
      }));
      return reply.code(400).send({ message: errors[0].message, errors });
    }

    if (isPgError(error, PG_CHARACTER_NOT_IN_REPERTOIRE)) return reply.code(400).send({ message: MESSAGES.invalidText });

    // PostgreSQL away or not answering in time (db/postgres-pool.ts): the client may retry shortly.
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ message: MESSAGES.serviceUnavailable });
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send({ message: known.message });

    // JSON.parse failures and other client errors fastify raised with a 4xx status.
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        error instanceof SyntaxError ? MESSAGES.malformedJson : status === 404 ? MESSAGES.routeNotFound : MESSAGES.invalidInput;
      return reply.code(status).send({ message });
    }

    request.log.error({ err: error }, 'request failed');
    if (status === 503) return reply.code(503).send({ message: MESSAGES.serviceUnavailable });
    return reply.code(500).send({ message: MESSAGES.internalError });
  });

  app.setNotFoundHandler(
    (request, reply) => options.notFoundFallback?.(request, reply) ?? reply.code(404).send({ message: MESSAGES.routeNotFound }),
  );
}

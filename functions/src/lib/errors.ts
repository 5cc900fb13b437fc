/**
 * Typed errors, each mapped to a status and the API's error body in one place (toErrorResponse).
 * Domain code throws these; it never builds a response itself.
 */
import { type ErrorBody, errorCodes, messages } from '@tandem/shared';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: unknown = message,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
  toBody(): ErrorBody {
    return { detail: this.detail, fallbackMessage: this.message, code: this.code, errors: this.errors };
  }
}

export class ValidationError extends HttpError {
  constructor(errors: Record<string, string>, message?: string, code: string = errorCodes.validation) {
    const first = message ?? Object.values(errors)[0] ?? messages.validation;
    super(400, code, first, first, errors);
  }
}
export class NotAuthenticatedError extends HttpError {
  constructor(message: string = messages.unauthenticated) {
    super(401, errorCodes.unauthenticated, message);
  }
}
export class ForbiddenError extends HttpError {
  /** `field` names the field the caller may not edit (ARCHITECTURE §5). */
  constructor(field?: string, message: string = messages.forbidden) {
    super(403, errorCodes.forbidden, message, message, field ? { [field]: message } : {});
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string = messages.notFound) {
    super(404, errorCodes.notFound, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, errorCodes.conflict, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor() {
    super(413, errorCodes.bodyTooLarge, messages.bodyTooLarge);
  }
}

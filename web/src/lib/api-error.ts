/** A failed API call: the status and the catalogue body {detail, fallbackMessage, code, errors}. */
import { type ErrorBody, messages } from '@tandem/shared/api/errors';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no answer came back. */
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.fallbackMessage);
    this.name = 'ApiError';
  }

  get code(): string {
    return this.body.code;
  }
  get detail(): unknown {
    return this.body.detail;
  }
  /** Field messages keyed by camelCase path ('routineTimes.beginning'). */
  get errors(): Record<string, string> {
    return this.body.errors;
  }
  get fallbackMessage(): string {
    return this.body.fallbackMessage;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads an error answer leniently: a proxy or a crash may answer with anything. */
export function toErrorBody(status: number, raw: unknown, statusText = ''): ErrorBody {
  const r = isRecord(raw) ? raw : {};
  const errors: Record<string, string> = {};
  if (isRecord(r.errors))
    for (const [k, v] of Object.entries(r.errors)) if (typeof v === 'string') errors[k] = v;
  const detailText = typeof r.detail === 'string' ? r.detail : undefined;
  const fallbackMessage =
    typeof r.fallbackMessage === 'string' && r.fallbackMessage
      ? r.fallbackMessage
      : (detailText ?? (status >= 500 || !statusText ? messages.generic : statusText));
  return {
    detail: r.detail ?? fallbackMessage,
    fallbackMessage,
    code: typeof r.code === 'string' ? r.code : `http-${status}`,
    errors,
  };
}

export const noResponseError = (): ApiError =>
  new ApiError(0, {
    detail: messages.noResponse,
    fallbackMessage: messages.noResponse,
    code: 'no-response',
    errors: {},
  });

/** The subscription status a refused call reports (spec 001 §7: detail.current_status). */
export function currentStatusOf(detail: unknown): string | null {
  if (!isRecord(detail)) return null;
  const s = detail.currentStatus ?? detail.current_status;
  return typeof s === 'string' ? s : null;
}

/**
 * The one error type of the api module. Every failure a caller can see — refused input, transport
 * trouble, a malformed answer or an error the service reported — arrives as a ContentSiteError.
 * The token is never part of any field: messages are built from paths with secrets scrubbed.
 */

export type ErrorKind = 'api' | 'auth' | 'network' | 'timeout' | 'rate_limited' | 'bad_response' | 'invalid_input' | 'cancelled';

export interface ContentSiteErrorInit {
  kind: ErrorKind;
  /** A sentence for people: what happened and what to do. */
  userMessage: string;
  /** HTTP status (the real one, also when it came inside an http_envelope). */
  status?: number;
  /** The service's `error` identifier, unchanged. */
  code?: string;
  /** The service's `message`, unchanged. */
  serviceMessage?: string;
  /**
   * Seconds the service asked us to wait before asking again (429 Retry-After, an HTTP date turned
   * into seconds from when the answer came), rounded up. Sending the same request before then is
   * pointless: the client has already given up on it rather than wait that long.
   */
  retryAfter?: number;
  /** Method and scrubbed path of the request, for logs. */
  request?: string;
  cause?: unknown;
}

export class ContentSiteError extends Error {
  readonly kind: ErrorKind;
  readonly userMessage: string;
  readonly status?: number;
  readonly code?: string;
  readonly serviceMessage?: string;
  /** Seconds to wait before trying again (kind `rate_limited`); see ContentSiteErrorInit. */
  readonly retryAfter?: number;
  readonly request?: string;

  constructor(init: ContentSiteErrorInit) {
    const detail = [init.status, init.code, init.serviceMessage].filter((p) => p !== undefined && p !== '').join(' ');
    super(detail ? `${init.userMessage} (${detail})` : init.userMessage, init.cause ? { cause: init.cause } : undefined);
    this.name = 'ContentSiteError';
    this.kind = init.kind;
    this.userMessage = init.userMessage;
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.serviceMessage;
    this.retryAfter = init.retryAfter;
    this.request = init.request;
  }

  /**
   * The same error told in other words: every field (status, code, the service's message,
   * retryAfter, the request, the cause) is kept; only the sentence for people changes.
   */
  reworded(userMessage: string): ContentSiteError {
    return new ContentSiteError({
      kind: this.kind,
      status: this.status,
      code: this.code,
      serviceMessage: this.serviceMessage,
      retryAfter: this.retryAfter,
      request: this.request,
      cause: this.cause,
      userMessage,
    });
  }

  static is(value: unknown): value is ContentSiteError {
    return value instanceof ContentSiteError;
  }
}

/** The `code` of the auth error raised when the token source itself fails (nothing was sent). */
export const TOKEN_UNAVAILABLE = 'token_unavailable';

export function invalidInput(message: string): ContentSiteError {
  return new ContentSiteError({ kind: 'invalid_input', userMessage: message });
}

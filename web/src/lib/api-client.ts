// The one HTTP client: aws-amplify's REST API, configured once with the
// API base from config and a headers hook that adds `Authorization: Bearer` and
// `Accept-Language`. Every answer is the envelope of docs/api.md; this file is the one place
// that maps failures:
//   401        → session cleared, unauthorized modal (not on the public auth screens, not
//                for a public call, not for a dead two-factor challenge: MFA_EXPIRED)
//   400        → session cleared, 'Bad Request (code: 400)' modal
//   503 MAIL_FAILED → ApiError for the screen's retry prompt (the e-mail was not sent)
//   503 UNAVAILABLE → ApiError for the screen's toast (the database was briefly away: nothing
//                typed is lost to a reload, and a submit may be sent again with its key)
//   ≥500       → 'Something went wrong (code: N)' modal, loading turned off
//   network    → the network-problem notice
//   422        → ApiError with `fields` for the form
//   (any status's data.fields — a 409's duplicate code too — is on ApiError.fields)
//   other      → ApiError with the envelope, for the screen's toast
// Every failure rejects with an ApiError; `handled` tells a screen a modal already spoke.
//
// Amplify is loaded with the first call, not with the page: the Login screen paints
// without it. It is imported from the two aws-amplify modules this needs
// (`@aws-amplify/core` for Amplify.configure, `@aws-amplify/api-rest` for get/post — the
// very functions `aws-amplify/api` re-exports): through `aws-amplify/api` the bundler also
// keeps the GraphQL client, graphql and rxjs, 35 kB gzipped more (docs/web.md).
import { env } from '@/config/env';
import { publishGlobal } from '@/lib/global-events';
import { loading } from '@/lib/loading';
import { clearSession, readLanguage, readSession } from '@/lib/session';

/** The endpoint that carries the bearer token, and one that never does (sign-in, refresh). */
export const API_NAME = 'samrap';
export const PUBLIC_API_NAME = 'samrap-public';

export type Envelope<T> = { code: string; msg: string; data: T };

/** A list answer (docs/api.md): `page` counts from 1. */
export type Page<T> = { items: T[]; total: number; page: number; size: number };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: unknown;
  /**
   * Field → message, from data.fields, whatever the status (a 422's checks, a 409's
   * duplicate code): lib/form-errors.ts `applyFieldErrors` puts them on the form.
   */
  readonly fields?: Record<string, string>;
  /** True when a global modal or notice already told the user. */
  readonly handled: boolean;

  constructor(status: number, envelope: Partial<Envelope<unknown>> | null, handled: boolean) {
    super(envelope?.msg || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = envelope?.code ?? (status === 0 ? 'NETWORK' : 'UNKNOWN');
    this.data = envelope?.data ?? null;
    this.handled = handled;
    const fields = (envelope?.data as { fields?: unknown } | null | undefined)?.fields;
    if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
      this.fields = fields as Record<string, string>;
    }
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The headers hook: bearer token (not on the public endpoint) and the stored language. */
export function buildHeaders(apiName: string): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': readLanguage() };
  const token = readSession().token;
  if (apiName === API_NAME && token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

type RestApi = typeof import('@aws-amplify/api-rest');
let amplify: Promise<RestApi> | null = null;

/** Loads and configures aws-amplify once; every call waits for it. */
export function configureApiClient(): Promise<RestApi> {
  amplify ??= Promise.all([import('@aws-amplify/core'), import('@aws-amplify/api-rest')])
    .then(([{ Amplify }, api]) => {
      Amplify.configure(
        {
          API: {
            REST: {
              [API_NAME]: { endpoint: env.apiBase },
              [PUBLIC_API_NAME]: { endpoint: env.apiBase },
            },
          },
        },
        {
          API: {
            REST: {
              headers: async ({ apiName }) => buildHeaders(apiName),
              // The client has no timeout and never retries on its own (SPEC.md §7): a
              // retried refresh would spend a rotating refresh token twice.
              retryStrategy: { strategy: 'no-retry' },
              // No AWS credentials: requests are never SigV4-signed.
              defaultAuthMode: 'none',
            },
          },
        },
      );
      return api;
    })
    .catch((e: unknown) => {
      amplify = null; // a failed chunk load may succeed next time
      throw e;
    });
  return amplify;
}

/**
 * Paths outside which a 401 means "signed out" rather than "wrong password" (SPEC.md §4
 * names /login and /register; the other public auth screens are the same kind of screen).
 */
const SIGN_IN_PATHS = ['/', '/login', '/register', '/redirect', '/forgot-password', '/reset-password'];

/**
 * A 401 that says nothing about the session: a public call carries no session to lose (a
 * wrong password, a dead challenge), and MFA_EXPIRED is a two-factor challenge that died
 * (also on the account page, where the session itself is fine). The screen says it.
 */
function sessionLost(status: number, code: string | undefined, opts: RequestOptions): boolean {
  return status === 401 && !opts.public && code !== 'MFA_EXPIRED' && !SIGN_IN_PATHS.includes(window.location.pathname);
}

/** Envelope codes of a 5xx that the screen answers itself rather than the global modal. */
const SCREEN_HANDLED_5XX = ['MAIL_FAILED', 'UNAVAILABLE'];

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** No loading overlay (background refresh). */
  silent?: boolean;
  /** Errors are only returned, never turned into global modals (the token refresh). */
  quiet?: boolean;
  /** Send without the bearer token. */
  public?: boolean;
};

function cleanQuery(q: RequestOptions['query']): Record<string, string> | undefined {
  if (!q) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

function parseEnvelope(text: string | undefined): Partial<Envelope<unknown>> | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Partial<Envelope<unknown>>) : null;
  } catch {
    return null;
  }
}

/** Turns a failed status into an ApiError, raising the global notice the spec names. */
export function toApiError(status: number, bodyText: string | undefined, opts: RequestOptions = {}): ApiError {
  const envelope = parseEnvelope(bodyText);
  const msg = envelope?.msg || undefined;
  if (opts.quiet) return new ApiError(status, envelope, false);
  if (status === 0) {
    publishGlobal({ kind: 'network' });
    return new ApiError(0, envelope, true);
  }
  if (status === 401) {
    if (!sessionLost(status, envelope?.code, opts)) return new ApiError(401, envelope, false);
    clearSession();
    publishGlobal({ kind: 'unauthorized', msg });
    return new ApiError(401, envelope, true);
  }
  if (status === 400) {
    clearSession();
    publishGlobal({ kind: 'bad-request', msg });
    return new ApiError(400, envelope, true);
  }
  if (status >= 500 && SCREEN_HANDLED_5XX.includes(envelope?.code ?? '')) {
    // 503 MAIL_FAILED: nothing was changed; the screen offers to try again. 503 UNAVAILABLE:
    // the database went away under a write (a failover) or a call ran too long: the screen
    // keeps what was typed, says so, and the same submit may be sent again (its key).
    return new ApiError(status, envelope, false);
  }
  if (status >= 500) {
    loading.reset();
    publishGlobal({ kind: 'server-error', status, msg });
    return new ApiError(status, envelope, true);
  }
  return new ApiError(status, envelope, false);
}

type AmplifyLikeError = {
  name?: string;
  response?: { statusCode: number; body?: string };
};

function fromThrown(e: unknown, opts: RequestOptions): ApiError {
  if (e instanceof ApiError) return e;
  const err = e as AmplifyLikeError;
  if (err?.response && typeof err.response.statusCode === 'number') {
    return toApiError(err.response.statusCode, err.response.body, opts);
  }
  if (err?.name === 'NetworkError' || e instanceof TypeError) return toApiError(0, undefined, opts);
  console.error('api-client: unexpected failure', e);
  return toApiError(0, undefined, opts);
}

async function readData<T>(statusCode: number, body: { text(): Promise<string> } | null): Promise<T> {
  if (statusCode === 204 || !body) return null as T;
  const text = await body.text();
  const envelope = parseEnvelope(text);
  return (envelope?.data ?? null) as T;
}

type RawResponse = { statusCode: number; body: { text(): Promise<string> } | null };

async function run<T>(
  opts: RequestOptions,
  call: () => Promise<RawResponse>,
  read: (statusCode: number, body: RawResponse['body']) => Promise<T> = readData,
): Promise<T> {
  if (!opts.silent) loading.start();
  try {
    const res = await call();
    return await read(res.statusCode, res.body);
  } catch (e) {
    throw fromThrown(e, opts);
  } finally {
    if (!opts.silent) loading.stop();
  }
}

export function apiGet<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const apiName = opts.public ? PUBLIC_API_NAME : API_NAME;
  return run<T>(opts, async () => {
    const { get } = await configureApiClient();
    return get({ apiName, path, options: { queryParams: cleanQuery(opts.query) } }).response;
  });
}

function postCall(path: string, body: Record<string, unknown> | undefined, opts: RequestOptions): () => Promise<RawResponse> {
  const apiName = opts.public ? PUBLIC_API_NAME : API_NAME;
  return async () => {
    const { post } = await configureApiClient();
    return post({
      apiName,
      path,
      options: { queryParams: cleanQuery(opts.query), ...(body ? { body: body as never } : {}) },
    }).response;
  };
}

export function apiPost<T>(path: string, body?: Record<string, unknown>, opts: RequestOptions = {}): Promise<T> {
  return run<T>(opts, postCall(path, body, opts));
}

/** POST answering the envelope's `msg` (in the caller's language): for a screen that shows the server's word. */
export function apiPostMsg(path: string, body?: Record<string, unknown>, opts: RequestOptions = {}): Promise<string> {
  return run<string>(opts, postCall(path, body, opts), async (_status, res) => parseEnvelope(res ? await res.text() : undefined)?.msg ?? '');
}

/**
 * POST with an `application/x-www-form-urlencoded` body (only `/auth/accessToken`).
 * Amplify's REST API JSON-encodes every body that is not FormData (and FormData goes as
 * multipart), so this one call goes through `fetch` with the same headers hook, the same
 * loading overlay and the same error mapping. Same origin and a CORS-safelisted content
 * type: no preflight.
 */
export function apiPostForm<T>(path: string, form: Record<string, string>, opts: RequestOptions = {}): Promise<T> {
  const apiName = opts.public ? PUBLIC_API_NAME : API_NAME;
  return run<T>(opts, async () => {
    const res = await fetch(`${env.apiBase}${path}`, {
      method: 'POST',
      headers: { ...buildHeaders(apiName), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      credentials: 'same-origin',
    });
    if (res.status >= 300) {
      throw { response: { statusCode: res.status, body: await res.text() } } satisfies AmplifyLikeError;
    }
    return { statusCode: res.status, body: res };
  });
}

/** DELETE (master data: `deleteX?branchCode&id`). */
export function apiDelete<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return run<T>(opts, async () => {
    const { del } = await configureApiClient();
    // del's answer has no body in Amplify's types; it is read like the others.
    return (await del({ apiName: API_NAME, path, options: { queryParams: cleanQuery(opts.query) } }).response) as RawResponse;
  });
}

/**
 * POST a `multipart/form-data` body (uploads). Amplify sends FormData as it is and lets the
 * browser set the boundary; same headers hook, overlay and error mapping as every call.
 */
export function apiPostMultipart<T>(path: string, form: FormData, opts: RequestOptions = {}): Promise<T> {
  return run<T>(opts, async () => {
    const { post } = await configureApiClient();
    return post({ apiName: API_NAME, path, options: { queryParams: cleanQuery(opts.query), body: form } }).response;
  });
}

/**
 * A download's answer (docs/api.md, "Downloads"): the server stores the file in the files
 * bucket and answers a signed link that expires in minutes. `url` is absent when there is no
 * file (a report whose every order needs review).
 */
export type FileLink = { url?: string; fileName: string; expiresAt?: string };

/** Has the browser download the file a signed link names, under fileName. */
function followLink(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Every download — exports, import templates, reports: GET (or POST with `body`, the
 * reports) the call, then follow the signed link it answers. 204 answers null: nothing to
 * export, the caller raises DATA_NOT_FOUND (SPEC.md §8). The answer is returned (a report's
 * counts and the orders left out). Failures go through the same mapping as every call.
 */
export async function apiDownload<T extends FileLink = FileLink>(
  path: string,
  opts: RequestOptions & { body?: Record<string, unknown> } = {},
): Promise<T | null> {
  const { body, ...rest } = opts;
  const link = body ? await apiPost<T | null>(path, body, rest) : await apiGet<T | null>(path, rest);
  if (link?.url) followLink(link.url, link.fileName);
  return link;
}

/**
 * The function catalogue (`functions/catalog.json`): THE list of Samrap's functions. The
 * infrastructure derives every Lambda, route, queue, schedule and grant from it; this module
 * parses it and refuses anything the stacks could not build faithfully.
 */

export type FunctionKind = 'http' | 'sqs' | 'schedule' | 'custom-resource';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** What a function may touch beyond the database (which every function reaches). */
export type Use =
  | { readonly kind: 'jwt' }
  | { readonly kind: 'mail' }
  | { readonly kind: 'uploads' }
  | { readonly kind: 'hl7-archive' }
  | { readonly kind: 'files' }
  | { readonly kind: 'hospital' }
  | { readonly kind: 'queue'; readonly queue: string };

export interface Route {
  readonly method: HttpMethod;
  /** The whole path as the browser sends it, e.g. `/api/auth/getUserById/{id}`. */
  readonly path: string;
}

interface EntryBase {
  readonly name: string;
  readonly uses: readonly Use[];
}

export interface HttpEntry extends EntryBase {
  readonly kind: 'http';
  readonly routes: readonly Route[];
}

export interface SqsEntry extends EntryBase {
  readonly kind: 'sqs';
  /** The queue this worker owns and consumes. */
  readonly queue: string;
  /** Key prefix of the uploads bucket whose ObjectCreated notifications feed the queue. */
  readonly s3Notifications?: string;
  /** The queue is an SQS FIFO queue (ordered per message group, deduplicated). */
  readonly fifo?: boolean;
}

export interface ScheduleEntry extends EntryBase {
  readonly kind: 'schedule';
  /** An EventBridge expression: `rate(1 day)` or `cron(0 18 * * ? *)`. */
  readonly schedule: string;
}

export interface CustomResourceEntry extends EntryBase {
  readonly kind: 'custom-resource';
}

export type CatalogEntry = HttpEntry | SqsEntry | ScheduleEntry | CustomResourceEntry;

export interface Catalog {
  readonly functions: readonly CatalogEntry[];
}

/** The one function with a special role: run by a custom resource on every deploy. */
export const MIGRATE_FUNCTION = 'migrate';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const KINDS: readonly FunctionKind[] = ['http', 'sqs', 'schedule', 'custom-resource'];
// HTTP API route paths: literal segments or `{param}` / a final `{param+}`.
const PATH_SEGMENT = /^([A-Za-z0-9._~-]+|\{[A-Za-z_][A-Za-z0-9_]*\}|\{[A-Za-z_][A-Za-z0-9_]*\+\})$/;
const SCHEDULE = /^(rate\(\d+ (minute|minutes|hour|hours|day|days)\)|cron\([^()]+\))$/;
const PREFIX = /^[A-Za-z0-9!_.*'()/-]+$/;

export class CatalogError extends Error {
  constructor(message: string) {
    super(`functions/catalog.json: ${message}`);
    this.name = 'CatalogError';
  }
}

/** Environment variable that carries a queue's URL: `patient-sync` -> `QUEUE_URL_PATIENT_SYNC`. */
export function queueUrlVariable(queue: string): string {
  return `QUEUE_URL_${queue.toUpperCase().replace(/-/g, '_')}`;
}

/** `import-worker` -> `ImportWorker`: construct ids derived from catalogue names. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseUse(raw: unknown, where: string): Use {
  if (typeof raw !== 'string') throw new CatalogError(`${where}: a use must be a string`);
  switch (raw) {
    case 'jwt':
    case 'mail':
    case 'uploads':
    case 'hl7-archive':
    case 'files':
    case 'hospital':
      return { kind: raw };
  }
  if (raw.startsWith('queue:')) {
    const queue = raw.slice('queue:'.length);
    if (!NAME.test(queue)) throw new CatalogError(`${where}: "${raw}" does not name a queue`);
    return { kind: 'queue', queue };
  }
  throw new CatalogError(`${where}: unknown use "${raw}" (jwt, mail, uploads, hl7-archive, files, hospital, queue:<name>)`);
}

function parseRoute(raw: unknown, where: string): Route {
  if (!isObject(raw)) throw new CatalogError(`${where}: a route is an object {method, path}`);
  const method = raw.method;
  const path = raw.path;
  if (typeof method !== 'string' || !(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new CatalogError(`${where}: method ${JSON.stringify(method)} is not one of ${HTTP_METHODS.join(', ')}`);
  }
  if (typeof path !== 'string' || !path.startsWith('/api/')) {
    throw new CatalogError(`${where}: path ${JSON.stringify(path)} must be whole and start with /api/`);
  }
  const segments = path.slice(1).split('/');
  segments.forEach((segment, i) => {
    if (!PATH_SEGMENT.test(segment) || (segment.endsWith('+}') && i !== segments.length - 1)) {
      throw new CatalogError(`${where}: path "${path}" has an invalid segment "${segment}"`);
    }
  });
  return { method: method as HttpMethod, path };
}

function parseEntry(raw: unknown, index: number): CatalogEntry {
  if (!isObject(raw)) throw new CatalogError(`functions[${index}] is not an object`);
  const name = raw.name;
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new CatalogError(`functions[${index}]: name ${JSON.stringify(name)} must be kebab-case`);
  }
  const where = `function "${name}"`;
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind)) {
    throw new CatalogError(`${where}: kind ${JSON.stringify(kind)} is not one of ${KINDS.join(', ')}`);
  }
  if (raw.uses !== undefined && !Array.isArray(raw.uses)) throw new CatalogError(`${where}: uses must be a list`);
  const uses = ((raw.uses as unknown[] | undefined) ?? []).map((u) => parseUse(u, where));
  const useKeys = uses.map((u) => (u.kind === 'queue' ? `queue:${u.queue}` : u.kind));
  const repeated = useKeys.find((key, i) => useKeys.indexOf(key) !== i);
  if (repeated) throw new CatalogError(`${where}: use "${repeated}" is listed twice`);

  switch (kind as FunctionKind) {
    case 'http': {
      if (!Array.isArray(raw.routes) || raw.routes.length === 0) {
        throw new CatalogError(`${where}: an http function needs at least one route`);
      }
      const routes = raw.routes.map((r, i) => parseRoute(r, `${where} routes[${i}]`));
      return { name, kind: 'http', uses, routes };
    }
    case 'sqs': {
      const queue = raw.queue;
      if (typeof queue !== 'string' || !NAME.test(queue)) {
        throw new CatalogError(`${where}: an sqs function needs a kebab-case "queue"`);
      }
      const prefix = raw.s3Notifications;
      if (prefix !== undefined && (typeof prefix !== 'string' || !PREFIX.test(prefix))) {
        throw new CatalogError(`${where}: s3Notifications must be a key prefix such as "uploads/"`);
      }
      const fifo = raw.fifo;
      if (fifo !== undefined && typeof fifo !== 'boolean') throw new CatalogError(`${where}: fifo must be true or false`);
      if (fifo && prefix !== undefined) {
        throw new CatalogError(`${where}: S3 notifications cannot feed a FIFO queue`);
      }
      return {
        name,
        kind: 'sqs',
        uses,
        queue,
        ...(prefix !== undefined ? { s3Notifications: prefix as string } : {}),
        ...(fifo ? { fifo: true } : {}),
      };
    }
    case 'schedule': {
      const schedule = raw.schedule;
      if (typeof schedule !== 'string' || !SCHEDULE.test(schedule)) {
        throw new CatalogError(`${where}: schedule ${JSON.stringify(schedule)} must be rate(...) or cron(...)`);
      }
      return { name, kind: 'schedule', uses, schedule };
    }
    case 'custom-resource':
      if (name !== MIGRATE_FUNCTION) {
        throw new CatalogError(`${where}: only "${MIGRATE_FUNCTION}" may be a custom-resource function`);
      }
      return { name, kind: 'custom-resource', uses };
  }
}

/** Parses and checks the catalogue: names, kinds, routes, queues and uses must all be coherent. */
export function parseCatalog(raw: unknown): Catalog {
  if (!isObject(raw) || !Array.isArray(raw.functions)) {
    throw new CatalogError('expected {"functions": [...]}');
  }
  const functions = raw.functions.map(parseEntry);

  const names = new Set<string>();
  for (const f of functions) {
    if (names.has(f.name)) throw new CatalogError(`function "${f.name}" is listed twice`);
    names.add(f.name);
  }

  const routeOwners = new Map<string, string>();
  for (const f of functions) {
    if (f.kind !== 'http') continue;
    for (const r of f.routes) {
      const key = `${r.method} ${r.path}`;
      const owner = routeOwners.get(key);
      if (owner) throw new CatalogError(`route "${key}" is served by both "${owner}" and "${f.name}"`);
      routeOwners.set(key, f.name);
    }
  }

  const queues = new Map<string, string>();
  for (const f of functions) {
    if (f.kind !== 'sqs') continue;
    const owner = queues.get(f.queue);
    if (owner) throw new CatalogError(`queue "${f.queue}" is consumed by both "${owner}" and "${f.name}"`);
    queues.set(f.queue, f.name);
  }
  for (const f of functions) {
    for (const u of f.uses) {
      if (u.kind === 'queue' && !queues.has(u.queue)) {
        throw new CatalogError(`function "${f.name}" uses queue "${u.queue}", which no sqs function owns`);
      }
    }
  }

  if (functions.filter((f) => f.kind === 'custom-resource').length > 1) {
    throw new CatalogError(`only one custom-resource function ("${MIGRATE_FUNCTION}") is allowed`);
  }
  return { functions };
}

export function httpEntries(catalog: Catalog): HttpEntry[] {
  return catalog.functions.filter((f): f is HttpEntry => f.kind === 'http');
}

export function sqsEntries(catalog: Catalog): SqsEntry[] {
  return catalog.functions.filter((f): f is SqsEntry => f.kind === 'sqs');
}

export function scheduleEntries(catalog: Catalog): ScheduleEntry[] {
  return catalog.functions.filter((f): f is ScheduleEntry => f.kind === 'schedule');
}

export function migrateEntry(catalog: Catalog): CustomResourceEntry | undefined {
  return catalog.functions.find((f): f is CustomResourceEntry => f.kind === 'custom-resource');
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CatalogError, httpEntries, migrateEntry, parseCatalog, pascalCase, queueUrlVariable } from '../lib/catalog';
import { FULL_CATALOG_JSON, realCatalog } from './helpers';

function withFunctions(functions: unknown[]): unknown {
  return { functions };
}

const auth = { name: 'auth', kind: 'http', routes: [{ method: 'GET', path: '/api/auth/userInfo' }] };

describe('catalogue', () => {
  it('parses the repository catalogue: http areas with routes under /api, and migrate', () => {
    const catalog = realCatalog();
    assert.ok(httpEntries(catalog).length > 0);
    for (const entry of httpEntries(catalog)) {
      assert.ok(entry.routes.length > 0, entry.name);
      for (const r of entry.routes) assert.match(r.path, /^\/api\//);
    }
    assert.equal(migrateEntry(catalog)?.name, 'migrate');
  });

  it('parses every kind and use', () => {
    const catalog = parseCatalog(FULL_CATALOG_JSON);
    const patients = catalog.functions.find((f) => f.name === 'patients')!;
    assert.deepEqual(patients.uses, [{ kind: 'jwt' }, { kind: 'queue', queue: 'patient-sync' }]);
    const worker = catalog.functions.find((f) => f.name === 'import-worker')!;
    assert.equal(worker.kind, 'sqs');
    assert.deepEqual(worker.kind === 'sqs' && [worker.queue, worker.s3Notifications], ['imports', 'uploads/']);
    const feed = catalog.functions.find((f) => f.name === 'hl7-feed-worker')!;
    assert.deepEqual(feed.kind === 'sqs' && [feed.queue, feed.fifo], ['hl7-feed', true]);
  });

  it('names queue variables and constructs from catalogue names', () => {
    assert.equal(queueUrlVariable('patient-sync'), 'QUEUE_URL_PATIENT_SYNC');
    assert.equal(queueUrlVariable('imports'), 'QUEUE_URL_IMPORTS');
    assert.equal(pascalCase('patient-sync-worker'), 'PatientSyncWorker');
  });

  const rejected: Array<[string, unknown, RegExp]> = [
    ['no functions list', {}, /expected \{"functions"/],
    ['an unknown kind', withFunctions([{ name: 'x', kind: 'lambda' }]), /kind "lambda"/],
    ['a name that is not kebab-case', withFunctions([{ ...auth, name: 'Auth_Area' }]), /kebab-case/],
    ['the same name twice', withFunctions([auth, auth]), /listed twice/],
    ['an http function without routes', withFunctions([{ name: 'auth', kind: 'http', routes: [] }]), /at least one route/],
    ['a path outside /api', withFunctions([{ ...auth, routes: [{ method: 'GET', path: '/auth/x' }] }]), /start with \/api\//],
    ['a bad wildcard', withFunctions([{ ...auth, routes: [{ method: 'GET', path: '/api/x/{id' }] }]), /invalid segment/],
    ['a greedy wildcard before the end', withFunctions([{ ...auth, routes: [{ method: 'GET', path: '/api/{p+}/x' }] }]), /invalid segment/],
    ['an unknown method', withFunctions([{ ...auth, routes: [{ method: 'FETCH', path: '/api/x' }] }]), /method "FETCH"/],
    [
      'one route in two functions',
      withFunctions([auth, { ...auth, name: 'users' }]),
      /served by both "auth" and "users"/,
    ],
    ['an unknown use', withFunctions([{ ...auth, uses: ['admin'] }]), /unknown use "admin"/],
    ['a use listed twice', withFunctions([{ ...auth, uses: ['jwt', 'jwt'] }]), /listed twice/],
    ['a queue nobody owns', withFunctions([{ ...auth, uses: ['queue:imports'] }]), /no sqs function owns/],
    ['an sqs function without a queue', withFunctions([{ name: 'w', kind: 'sqs' }]), /needs a kebab-case "queue"/],
    [
      'two consumers of one queue',
      withFunctions([
        { name: 'a', kind: 'sqs', queue: 'q' },
        { name: 'b', kind: 'sqs', queue: 'q' },
      ]),
      /consumed by both/,
    ],
    [
      'a FIFO queue fed by S3 notifications',
      withFunctions([{ name: 'w', kind: 'sqs', queue: 'q', fifo: true, s3Notifications: 'uploads/' }]),
      /cannot feed a FIFO queue/,
    ],
    ['a fifo that is not a boolean', withFunctions([{ name: 'w', kind: 'sqs', queue: 'q', fifo: 'yes' }]), /fifo must be/],
    ['a bad schedule', withFunctions([{ name: 'job', kind: 'schedule', schedule: 'every day' }]), /rate\(\.\.\.\) or cron/],
    ['a second custom resource', withFunctions([{ name: 'seed', kind: 'custom-resource' }]), /only "migrate"/],
  ];
  for (const [what, raw, message] of rejected) {
    it(`rejects ${what}`, () => {
      assert.throws(() => parseCatalog(raw), (err: unknown) => err instanceof CatalogError && message.test(err.message));
    });
  }
});

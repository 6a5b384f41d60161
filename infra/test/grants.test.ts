/** Least privilege: each function gets exactly the grants its catalogue `uses` lists. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { queueUrlVariable, type CatalogEntry } from '../lib/catalog';
import { asArray, FULL_CATALOG, functionNamed, goFunctions, refTarget, statementsOfFunction, synthesize, type Synthesized } from './helpers';
import type { Template } from 'aws-cdk-lib/assertions';

describe('function grants', () => {
  let s: Synthesized;
  before(() => {
    s = synthesize({ stage: 'prod', catalog: FULL_CATALOG });
  });

  const templateOf = (entry: CatalogEntry): Template => (entry.kind === 'http' ? s.api : s.workers);
  const statements = (entry: CatalogEntry) => statementsOfFunction(templateOf(entry), functionNamed(templateOf(entry), entry.name));
  const envOf = (entry: CatalogEntry) =>
    goFunctions(templateOf(entry))[functionNamed(templateOf(entry), entry.name)].Properties.Environment.Variables as Record<string, unknown>;
  const uses = (entry: CatalogEntry, kind: string) => entry.uses.some((u) => u.kind === kind);
  const mentions = (value: unknown, text: string) => JSON.stringify(value).includes(text);

  it('never grants a wildcard action or resource to a Go function', () => {
    for (const entry of FULL_CATALOG.functions) {
      const sts = statements(entry);
      assert.ok(sts.length > 0, entry.name);
      for (const st of sts) {
        assert.equal(st.Effect, 'Allow');
        for (const action of asArray<string>(st.Action)) {
          assert.ok(action !== '*' && !action.endsWith(':*'), `${entry.name}: action ${action}`);
        }
        for (const resource of asArray<unknown>(st.Resource)) {
          assert.notEqual(resource, '*', `${entry.name}: resource * for ${JSON.stringify(st.Action)}`);
        }
      }
    }
  });

  it('lets every function read the database secret and connect through the proxy', () => {
    for (const entry of FULL_CATALOG.functions) {
      const sts = statements(entry);
      assert.ok(sts.some((st) => mentions(st.Action, 'secretsmanager:GetSecretValue') && mentions(st.Resource, 'DatabaseAdminSecret')), entry.name);
      assert.ok(sts.some((st) => st.Action === 'rds-db:connect' && mentions(st.Resource, 'Proxy')), entry.name);
      const env = envOf(entry);
      for (const name of [
        'STAGE',
        'LOG_LEVEL',
        'DATABASE_SECRET_ARN',
        'DATABASE_HOST',
        'DATABASE_NAME',
        'JWT_SECRET_ARN',
        'UPLOADS_BUCKET',
        'FILES_BUCKET',
        'MAIL_FROM',
      ]) {
        assert.ok(env[name], `${entry.name} ${name}`);
      }
      assert.ok(mentions(env.DATABASE_HOST, 'Proxy') && mentions(env.DATABASE_HOST, 'Endpoint'), `${entry.name}: DATABASE_HOST is the proxy`);
    }
  });

  it('reads secrets through the Parameters and Secrets extension layer (arm64)', () => {
    for (const entry of FULL_CATALOG.functions) {
      const fn = goFunctions(templateOf(entry))[functionNamed(templateOf(entry), entry.name)].Properties;
      assert.ok(mentions(fn.Layers, 'AWS-Parameters-and-Secrets-Lambda-Extension-Arm64'), `${entry.name}: ${JSON.stringify(fn.Layers)}`);
      assert.equal(fn.Environment.Variables.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, '2773');
    }
  });

  it('grants the JWT key only to functions that use jwt', () => {
    for (const entry of FULL_CATALOG.functions) {
      const has = statements(entry).some((st) => mentions(st.Resource, 'JwtKey'));
      assert.equal(has, uses(entry, 'jwt'), entry.name);
    }
  });

  it('lets only mail users send, and only from the configured sender', () => {
    for (const entry of FULL_CATALOG.functions) {
      const ses = statements(entry).filter((st) => mentions(st.Action, 'ses:'));
      assert.equal(ses.length > 0, uses(entry, 'mail'), entry.name);
      for (const st of ses) {
        assert.deepEqual(st.Condition, { StringEquals: { 'ses:FromAddress': 'no-reply@samrap.example.org' } });
        assert.ok(mentions(st.Resource, ':identity/samrap.example.org'), 'the sender domain identity');
      }

    }
  });

  it('limits the uploads bucket to uploads/ and the files bucket to its users', () => {
    for (const entry of FULL_CATALOG.functions) {
      const sts = statements(entry);
      const uploads = sts.filter((st) => mentions(st.Resource, 'Uploads'));
      const files = sts.filter((st) => mentions(st.Resource, 'Files'));
      assert.equal(uploads.length > 0, uses(entry, 'uploads'), `${entry.name} uploads`);
      assert.equal(files.length > 0, uses(entry, 'files'), `${entry.name} files`);
      for (const st of uploads) {
        for (const r of asArray<any>(st.Resource)) {
          const text = JSON.stringify(r);
          // Object ARNs are confined to the prefix; the bucket ARN itself only for listing.
          if (text.includes('Uploads') && text.includes('/')) assert.ok(text.includes('/uploads/*'), `${entry.name}: ${text}`);
        }
      }
      if (uses(entry, 'uploads')) {
        assert.ok(uploads.some((st) => mentions(st.Action, 's3:PutObject')), `${entry.name} writes uploads`);
      }
    }
  });

  it('lets a function send only to the queues it names, and tells it their URLs', () => {
    for (const entry of FULL_CATALOG.functions) {
      const sends = statements(entry).filter((st) => mentions(st.Action, 'sqs:SendMessage'));
      const named = entry.uses.filter((u) => u.kind === 'queue');
      assert.equal(sends.length, named.length, entry.name);
      for (const u of named) {
        if (u.kind !== 'queue') continue;
        assert.ok(envOf(entry)[queueUrlVariable(u.queue)], `${entry.name} ${queueUrlVariable(u.queue)}`);
      }
      const queueVars = Object.keys(envOf(entry)).filter((k) => k.startsWith('QUEUE_URL_'));
      assert.equal(queueVars.length, named.length, `${entry.name}: no queue URL it may not use`);
    }
    // The patients API sends to the patient-sync queue of the workers stack (an import).
    const patients = FULL_CATALOG.functions.find((f) => f.name === 'patients')!;
    const send = statements(patients).find((st) => mentions(st.Action, 'sqs:SendMessage'))!;
    assert.ok(mentions(send.Resource, 'PatientSyncWorker'), JSON.stringify(send.Resource));
  });

  it('gives consumers only receive/delete on their own queue', () => {
    for (const entry of FULL_CATALOG.functions) {
      if (entry.kind !== 'sqs') continue;
      const receive = statements(entry).filter((st) => mentions(st.Action, 'sqs:ReceiveMessage'));
      assert.equal(receive.length, 1, entry.name);
      const queueId = refTarget(asArray<any>(receive[0].Resource)[0]);
      const mapping = Object.values(s.workers.findResources('AWS::Lambda::EventSourceMapping')).find(
        (m: any) => refTarget(m.Properties.FunctionName) === functionNamed(s.workers, entry.name),
      ) as any;
      assert.equal(queueId, refTarget(mapping.Properties.EventSourceArn), entry.name);
    }
  });
});

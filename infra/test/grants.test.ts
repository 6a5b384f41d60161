/**
 * Least privilege: each function gets exactly the grants its catalogue `uses` lists, and no
 * role of any stack (ours or one CDK adds) is allowed a wildcard it could do without.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { queueUrlVariable, type CatalogEntry } from '../lib/catalog';
import { FILES_PREFIXES, HL7_PREFIX, UPLOADS_PREFIX } from '../lib/platform';
import {
  asArray,
  FULL_CATALOG,
  functionNamed,
  goFunctions,
  refTarget,
  resources,
  sharedSynth,
  statementsOfFunction,
  type Synthesized,
} from './helpers';
import type { Template } from 'aws-cdk-lib/assertions';

/**
 * AWS managed policies a role may carry, each with what it allows on `Resource: "*"` and why
 * that cannot be narrowed. Anything else attached to a role fails the test below.
 */
const MANAGED_POLICIES_ALLOWED: Record<string, string> = {
  // logs:CreateLogGroup, logs:CreateLogStream, logs:PutLogEvents on "*". CDK attaches it to
  // every Lambda role it creates (ours and those of its own handlers: bucket deployment,
  // auto-delete, notifications, the custom-resource provider); every function logs to a
  // group of its stack with a retention (data.test.ts), so the CreateLogGroup is unused.
  'service-role/AWSLambdaBasicExecutionRole': 'Lambda logging',
  // ec2:CreateNetworkInterface, ec2:DescribeNetworkInterfaces, ec2:DescribeSubnets,
  // ec2:DeleteNetworkInterface, ec2:AssignPrivateIpAddresses, ec2:UnassignPrivateIpAddresses
  // on "*": Lambda creates a VPC function's network interfaces with its role, and the
  // Describe* actions support no resource-level permission.
  'service-role/AWSLambdaVPCAccessExecutionRole': 'Lambda in a VPC',
};

/**
 * Actions our inline policies may allow on `Resource: "*"` because AWS offers no resource for
 * them (such as xray:PutTraceSegments, if tracing is ever turned on), each with its reason.
 * None today: the LogRetention helpers are gone and the CloudFront invalidation is scoped to
 * the distribution.
 */
const STAR_RESOURCE_ACTIONS_ALLOWED: Record<string, string> = {};

interface RoleGrants {
  readonly where: string;
  readonly managedPolicies: string[];
  readonly statements: any[];
}

/** Every role of a template with its managed policies and every statement attached to it. */
function roleGrants(stack: string, t: Template): RoleGrants[] {
  const policies = [
    ...Object.values(resources(t, 'AWS::IAM::Policy')),
    ...Object.values(resources(t, 'AWS::IAM::ManagedPolicy')),
  ];
  return Object.entries(resources(t, 'AWS::IAM::Role')).map(([id, role]) => ({
    where: `${stack}/${id}`,
    managedPolicies: asArray<any>(role.Properties.ManagedPolicyArns).map((arn) => {
      const name = /:iam::aws:policy\/([^"]+)"/.exec(JSON.stringify(arn))?.[1];
      return name ?? `not AWS managed: ${JSON.stringify(arn)}`;
    }),
    statements: [
      ...asArray<any>(role.Properties.Policies).flatMap((p) => p.PolicyDocument.Statement),
      ...policies
        .filter((p) => asArray<any>(p.Properties.Roles).some((r) => refTarget(r) === id))
        .flatMap((p) => p.Properties.PolicyDocument.Statement),
    ],
  }));
}

describe('every role of every stack', () => {
  const apps: Array<[string, () => Synthesized]> = [
    ['dev, the real catalogue', () => sharedSynth({ stage: 'dev', catalog: 'real', web: true })],
    ['prod, every kind of function, NAT', () => sharedSynth({ stage: 'prod', catalog: 'full', web: true, settings: { natGateways: 2 } })],
    [
      'LocalStack',
      () =>
        sharedSynth({
          stage: 'dev',
          catalog: 'full',
          web: true,
          settings: { localstack: { host: 'postgres', port: 5432, name: 'samrap', username: 'samrap', password: 'samrap' } },
        }),
    ],
  ];
  const roles: RoleGrants[] = [];
  before(() => {
    for (const [name, synth] of apps) {
      for (const [stack, t] of synth().all) roles.push(...roleGrants(`${name}: ${stack}`, t));
    }
  });

  it('allows no action of a whole service, no NotAction or NotResource, and nothing on "*" outside the allow-list', () => {
    assert.ok(roles.length > 10, `found ${roles.length} roles`);
    for (const role of roles) {
      for (const st of role.statements) {
        assert.equal(st.Effect, 'Allow', role.where);
        assert.equal(st.NotAction, undefined, `${role.where}: NotAction`);
        assert.equal(st.NotResource, undefined, `${role.where}: NotResource`);
        const actions = asArray<string>(st.Action);
        assert.ok(actions.length > 0, role.where);
        for (const action of actions) {
          assert.ok(action !== '*' && !action.endsWith(':*'), `${role.where}: action ${action}`);
        }
        if (asArray<unknown>(st.Resource).includes('*')) {
          for (const action of actions) {
            assert.ok(action in STAR_RESOURCE_ACTIONS_ALLOWED, `${role.where}: ${action} on Resource "*"`);
          }
        }
      }
    }
  });

  it('attaches only the AWS managed policies of the allow-list, and each of them somewhere', () => {
    const used = new Set<string>();
    for (const role of roles) {
      for (const name of role.managedPolicies) {
        assert.ok(name in MANAGED_POLICIES_ALLOWED, `${role.where}: managed policy ${name}`);
        used.add(name);
      }
    }
    assert.deepEqual([...used].sort(), Object.keys(MANAGED_POLICIES_ALLOWED).sort(), 'no stale entry in the allow-list');
  });

  it('gives the VPC access policy only to functions in the VPC', () => {
    const vpcRoles = roles.filter((r) => r.managedPolicies.includes('service-role/AWSLambdaVPCAccessExecutionRole'));
    assert.ok(vpcRoles.length > 0);
    assert.ok(vpcRoles.every((r) => !r.where.startsWith('LocalStack')), 'LocalStack has no VPC');
  });
});

describe('function grants', () => {
  let s: Synthesized;
  before(() => {
    // (The same app as data.test.ts's prod; web/dist changes only the web stack, not read here.)
    s = sharedSynth({ stage: 'prod', catalog: 'full', web: true });
  });

  const templateOf = (entry: CatalogEntry): Template => (entry.kind === 'http' ? s.api : s.workers);
  const statements = (entry: CatalogEntry) => statementsOfFunction(templateOf(entry), functionNamed(templateOf(entry), entry.name));
  const envOf = (entry: CatalogEntry) =>
    goFunctions(templateOf(entry))[functionNamed(templateOf(entry), entry.name)].Properties.Environment.Variables as Record<string, unknown>;
  const uses = (entry: CatalogEntry, kind: string) => entry.uses.some((u) => u.kind === kind);
  const mentions = (value: unknown, text: string) => JSON.stringify(value).includes(text);

  it('never grants a wildcard action or resource to a Go function', () => {
    // (The managed policies of the Lambda service are allowed by "every role of every stack".)
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

  // The proxy checks the secret's password, not IAM: rds-db:connect would be a grant nobody uses.
  it('lets every function read the database secret, and none rds-db:connect (IAM auth is off)', () => {
    const proxy = Object.values(s.data.findResources('AWS::RDS::DBProxy')) as any[];
    assert.equal(proxy.length, 1);
    assert.deepEqual(
      proxy[0].Properties.Auth.map((a: any) => [a.AuthScheme, a.IAMAuth]),
      [['SECRETS', 'DISABLED']],
    );
    for (const entry of FULL_CATALOG.functions) {
      const sts = statements(entry);
      assert.ok(sts.some((st) => mentions(st.Action, 'secretsmanager:GetSecretValue') && mentions(st.Resource, 'DatabaseAdminSecret')), entry.name);
      assert.ok(!sts.some((st) => mentions(st.Action, 'rds-db:')), `${entry.name}: rds-db:connect`);
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

  it('lets every http function, and only those, read the origin secret it checks requests against', () => {
    for (const entry of FULL_CATALOG.functions) {
      const fn = goFunctions(templateOf(entry))[functionNamed(templateOf(entry), entry.name)].Properties;
      const reads = statements(entry).some((st) => mentions(st.Resource, 'OriginVerify'));
      assert.equal(reads, entry.kind === 'http', entry.name);
      assert.ok(mentions(fn.Environment.Variables.ORIGIN_SECRET_ARN, 'OriginVerify'), `${entry.name}: ORIGIN_SECRET_ARN`);
    }
  });

  it('grants the JWT key only to functions that use jwt', () => {
    for (const entry of FULL_CATALOG.functions) {
      const has = statements(entry).some((st) => mentions(st.Resource, 'JwtKey'));
      assert.equal(has, uses(entry, 'jwt'), entry.name);
    }
  });

  it('lets only hospital users read hospital connector secrets, and only the stage\'s', () => {
    for (const entry of FULL_CATALOG.functions) {
      const reads = statements(entry).filter((st) => mentions(st.Resource, 'secret:samrap/'));
      assert.equal(reads.length > 0, uses(entry, 'hospital'), entry.name);
      for (const st of reads) {
        assert.deepEqual(asArray<string>(st.Action), ['secretsmanager:GetSecretValue'], entry.name);
        assert.ok(mentions(st.Resource, ':secret:samrap/prod/hospital/*'), `${entry.name}: ${JSON.stringify(st.Resource)}`);
      }
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

  it('limits the uploads bucket to uploads/ and the files bucket to its prefixes, for their users only', () => {
    for (const entry of FULL_CATALOG.functions) {
      const sts = statements(entry);
      const uploads = sts.filter((st) => mentions(st.Resource, 'Uploads'));
      const files = sts.filter((st) => mentions(st.Resource, 'Files'));
      assert.equal(uploads.length > 0, uses(entry, 'uploads') || uses(entry, 'hl7-archive'), `${entry.name} uploads`);
      assert.equal(files.length > 0, uses(entry, 'files'), `${entry.name} files`);
      // Object ARNs are confined to the prefixes; the bucket ARN itself only for listing
      // (without s3:ListBucket a missing key answers 403, not the 404 the Go code expects).
      const objectArns = (bucket: string) =>
        sts
          .flatMap((st) => asArray<any>(st.Resource))
          .map((r) => JSON.stringify(r))
          .filter((text) => text.includes(bucket) && text.includes('/'));
      for (const text of objectArns('Uploads')) {
        const prefixes = [...(uses(entry, 'uploads') ? [UPLOADS_PREFIX] : []), ...(uses(entry, 'hl7-archive') ? [HL7_PREFIX] : [])];
        assert.ok(prefixes.some((prefix) => text.includes(`"/${prefix}*"`)), `${entry.name}: ${text}`);
      }
      // the HL7 archive only writes: what it keeps is read by people with the bucket's own rights
      if (uses(entry, 'hl7-archive') && !uses(entry, 'uploads')) {
        assert.ok(uploads.every((st) => !mentions(st.Action, 's3:GetObject')), `${entry.name} reads the archive`);
        assert.ok(uploads.some((st) => mentions(st.Action, 's3:PutObject')), `${entry.name} writes the archive`);
      }
      for (const text of objectArns('Files')) {
        assert.ok(FILES_PREFIXES.some((prefix) => text.includes(`"/${prefix}*"`)), `${entry.name}: ${text}`);
      }
      if (uses(entry, 'files')) {
        assert.deepEqual(objectArns('Files').length, FILES_PREFIXES.length, `${entry.name}: one object ARN per prefix`);
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

/**
 * Test fixtures: apps synthesized in-process with stand-in binaries (a tiny `bootstrap` file per
 * function, never Go) and the feature flags of the real cdk.json.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib/core';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { parseCatalog, type Catalog } from '../lib/catalog';
import type { FunctionCodeFactory } from '../lib/platform';
import { buildSamrap, type SamrapStacks } from '../lib/samrap';
import type { SamrapSettings, Stage } from '../lib/settings';

export const REPO = path.resolve(__dirname, '..', '..');

/** The catalogue as the repository has it today. */
export function realCatalog(): Catalog {
  return parseCatalog(JSON.parse(fs.readFileSync(path.join(REPO, 'functions', 'catalog.json'), 'utf8')));
}

/** A catalogue with every kind and every use, as the product will have it. */
export const FULL_CATALOG_JSON = {
  functions: [
    {
      name: 'auth',
      kind: 'http',
      uses: ['jwt', 'mail'],
      routes: [
        { method: 'POST', path: '/api/auth/accessToken' },
        { method: 'GET', path: '/api/auth/getUserById/{id}' },
      ],
    },
    {
      name: 'patients',
      kind: 'http',
      uses: ['jwt', 'queue:patient-sync'],
      routes: [
        { method: 'POST', path: '/api/data-patient/importData' },
        { method: 'GET', path: '/api/patient/{hnId}' },
      ],
    },
    {
      name: 'files',
      kind: 'http',
      uses: ['jwt', 'uploads', 'files'],
      routes: [
        { method: 'POST', path: '/api/upload/menus' },
        { method: 'GET', path: '/api/download/{proxy+}' },
      ],
    },
    { name: 'import-worker', kind: 'sqs', queue: 'imports', s3Notifications: 'uploads/', uses: ['uploads', 'files'] },
    { name: 'patient-sync-worker', kind: 'sqs', queue: 'patient-sync', uses: ['hospital'] },
    { name: 'hl7-feed-worker', kind: 'sqs', queue: 'hl7-feed', fifo: true, uses: ['hl7-archive'] },
    { name: 'nightly-cleanup', kind: 'schedule', schedule: 'rate(1 day)', uses: ['files'] },
    { name: 'migrate', kind: 'custom-resource' },
  ],
};
export const FULL_CATALOG = parseCatalog(FULL_CATALOG_JSON);

/** The feature flags ops deploy with (cdk.json's context), so tests see the same behaviour. */
export function cdkContext(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(REPO, 'cdk.json'), 'utf8')).context;
}

const tempDirs: string[] = [];
// Synthesized apps copy their assets (the AWS CLI layer alone is tens of MB): leave nothing.
process.on('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder under the system temp directory, removed when the test process exits. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `samrap-infra-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

/** One folder per function with a fake `bootstrap`; `salt` changes the bytes (a new build). */
export function fakeCode(salt = 'v1'): FunctionCodeFactory {
  const root = tempDir('code');
  return (name: string) => {
    const dir = path.join(root, name);
    if (!fs.existsSync(dir)) {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'bootstrap'), `#!/bin/sh\n# stand-in for ${name} (${salt})\n`, { mode: 0o755 });
    }
    return lambda.Code.fromAsset(dir);
  };
}

export function fakeWebDist(): string {
  const dir = tempDir('web');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script src="/assets/app-1a2b.js"></script>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log("samrap")');
  return dir;
}

export function settings(stage: Stage, overrides: Partial<SamrapSettings> = {}): SamrapSettings {
  return {
    stage,
    region: 'ap-southeast-1',
    availabilityZones: ['ap-southeast-1a', 'ap-southeast-1b'],
    mailFrom: 'no-reply@samrap.example.org',
    alarmEmail: 'ops@samrap.example.org',
    natGateways: 0,
    ...overrides,
  };
}

export interface Synthesized {
  readonly app: App;
  readonly stacks: SamrapStacks;
  readonly data: Template;
  readonly workers: Template;
  readonly api: Template;
  readonly web: Template;
  readonly all: ReadonlyArray<[string, Template]>;
}

export function synthesize(opts: {
  stage?: Stage;
  catalog?: Catalog;
  code?: FunctionCodeFactory;
  webAssetsPath?: string;
  settings?: Partial<SamrapSettings>;
  outdir?: string;
  /** bin/app.ts gives the time of the synth; tests a fixed value unless they vary it. */
  deployId?: string;
}): Synthesized {
  const app = new App({ context: cdkContext(), outdir: opts.outdir ?? tempDir('out') });
  const stacks = buildSamrap(app, settings(opts.stage ?? 'dev', opts.settings), {
    catalog: opts.catalog ?? realCatalog(),
    code: opts.code ?? fakeCode(),
    webAssetsPath: opts.webAssetsPath,
    deployId: opts.deployId ?? 'test-deploy-1',
  });
  const template = (s: Stack) => Template.fromStack(s);
  const data = template(stacks.data);
  const workers = template(stacks.workers);
  const api = template(stacks.api);
  const web = template(stacks.web);
  return {
    app,
    stacks,
    data,
    workers,
    api,
    web,
    all: [
      ['data', data],
      ['workers', workers],
      ['api', api],
      ['web', web],
    ],
  };
}

/** A configuration synthesized at most once per test process (sharedSynth). */
export interface SharedConfig {
  readonly stage: Stage;
  /** The repository's catalogue, or FULL_CATALOG. */
  readonly catalog: 'real' | 'full';
  /** A fake web/dist, or none (the web stack without content). */
  readonly web: boolean;
  readonly settings?: Partial<SamrapSettings>;
}

const shared = new Map<string, Synthesized>();

/**
 * The app of `config` with the default stand-in code and deploy id, synthesized once per test
 * process and handed to every test that asks for the same configuration (all the test files
 * run in one process, test/all.ts). Only for tests that read it: a test that adds to the app,
 * or needs a second synthesis of it, uses synthesize().
 */
export function sharedSynth(config: SharedConfig): Synthesized {
  const key = canonicalJson(config);
  let s = shared.get(key);
  if (!s) {
    s = synthesize({
      stage: config.stage,
      catalog: config.catalog === 'full' ? FULL_CATALOG : realCatalog(),
      webAssetsPath: config.web ? fakeWebDist() : undefined,
      settings: config.settings,
    });
    shared.set(key, s);
  }
  return s;
}

/** JSON with the keys of every object sorted: equal configurations, equal keys. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

type Resources = Record<string, { Type: string; Properties?: any; DeletionPolicy?: string; DependsOn?: unknown }>;

export function resources(t: Template, type: string): Resources {
  return t.findResources(type) as Resources;
}

/** Lambda functions of ours (Go on provided.al2023), by logical id. */
export function goFunctions(t: Template): Resources {
  return t.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'provided.al2023' } }) as Resources;
}

/** `Fn::GetAtt [X, Arn]` / `Ref X` -> X */
export function refTarget(value: any): string | undefined {
  if (value && typeof value === 'object') {
    if (typeof value.Ref === 'string') return value.Ref;
    if (Array.isArray(value['Fn::GetAtt'])) return value['Fn::GetAtt'][0];
  }
  return undefined;
}

/** Every policy statement attached to the role of a function (inline policies of that role). */
export function statementsOfFunction(t: Template, functionLogicalId: string): any[] {
  const fn = t.toJSON().Resources[functionLogicalId];
  const role = refTarget(fn.Properties.Role);
  const policies = Object.values(resources(t, 'AWS::IAM::Policy')).filter((p) =>
    (p.Properties.Roles as any[]).some((r) => refTarget(r) === role),
  );
  return policies.flatMap((p) => p.Properties.PolicyDocument.Statement as any[]);
}

/** The function whose description names a catalogue entry. */
export function functionNamed(t: Template, name: string): string {
  const found = Object.entries(goFunctions(t)).filter(([, r]) => r.Properties.Description === `Samrap ${name}`);
  if (found.length !== 1) throw new Error(`expected one function for "${name}", found ${found.length}`);
  return found[0][0];
}

export function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

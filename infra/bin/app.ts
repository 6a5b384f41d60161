#!/usr/bin/env node
/**
 * The Samrap CDK app: the ONLY place that reads context (`-c key=value`) or the environment.
 * Everything below receives plain settings. See docs/deploy.md for every key.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { parseCatalog } from '../lib/catalog';
import { buildSamrap } from '../lib/samrap';
import { isStage, STAGES, type SamrapSettings } from '../lib/settings';

const REPO = path.resolve(__dirname, '..', '..');
const DEFAULT_REGION = 'ap-southeast-1';

const app = new App();

/** A setting: `-c name=value` first, then the environment variable, then nothing. */
function setting(contextKey: string, envName: string): string | undefined {
  const fromContext = app.node.tryGetContext(contextKey);
  if (fromContext !== undefined && fromContext !== '') return String(fromContext);
  const fromEnv = process.env[envName];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : undefined;
}

function fail(message: string): never {
  console.error(`samrap: ${message}`);
  process.exit(1);
}

const stage = setting('stage', 'SAMRAP_STAGE') ?? 'dev';
if (!isStage(stage)) fail(`stage must be one of ${STAGES.join(', ')}, not "${stage}"`);

// `true` for `cdk deploy` (set by infra/scripts/deploy.sh): no stand-ins, no placeholders.
const forDeploy = setting('requireBuild', 'SAMRAP_REQUIRE_BUILD') === 'true';
const localstack = setting('localstack', 'SAMRAP_LOCALSTACK') === 'true';

// The region is Samrap's own setting, never the CLI's: the CDK CLI sets CDK_DEFAULT_REGION to
// the credentials' region or, when none is configured, to us-east-1, which would silently
// move a deployment out of the documented default.
const region = setting('region', 'SAMRAP_REGION') ?? DEFAULT_REGION;
// The account may come from the credentials (the CLI resolves it); without any it stays
// unresolved, so an offline synth needs nothing.
const account = setting('account', 'SAMRAP_ACCOUNT') ?? process.env.CDK_DEFAULT_ACCOUNT;
const azs = (setting('availabilityZones', 'SAMRAP_AZS') ?? `${region}a,${region}b`)
  .split(',')
  .map((az) => az.trim())
  .filter(Boolean);

let mailFrom = setting('mailFrom', 'SAMRAP_MAIL_FROM');
if (!mailFrom) {
  if (forDeploy && !localstack) fail('set the SES sender: -c mailFrom=no-reply@your-domain (or SAMRAP_MAIL_FROM)');
  mailFrom = 'no-reply@samrap.invalid';
  console.warn(`samrap: no mailFrom given; using the placeholder ${mailFrom} (synth only)`);
}
const alarmEmail = setting('alarmEmail', 'SAMRAP_ALARM_EMAIL');
if (!alarmEmail && forDeploy && stage === 'prod') {
  fail('prod needs somebody to receive alarms: -c alarmEmail=ops@your-domain (or SAMRAP_ALARM_EMAIL)');
}
const domainName = setting('domain', 'SAMRAP_DOMAIN');
const certificateArn = setting('certificateArn', 'SAMRAP_CERTIFICATE_ARN');
if (Boolean(domainName) !== Boolean(certificateArn)) fail('domain and certificateArn go together');

const settings: SamrapSettings = {
  stage,
  region,
  account,
  availabilityZones: azs,
  mailFrom,
  alarmEmail,
  domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
  publicUrl: setting('publicUrl', 'SAMRAP_PUBLIC_URL'),
  natGateways: Number(setting('natGateways', 'SAMRAP_NAT_GATEWAYS') ?? '0'),
  localstack: localstack
    ? {
        host: setting('localDatabaseHost', 'SAMRAP_LOCAL_DATABASE_HOST') ?? 'postgres',
        port: 5432,
        name: 'samrap',
        username: 'samrap',
        password: 'samrap',
      }
    : undefined,
};

if (!settings.publicUrl && !settings.domain && !localstack) {
  console.warn('samrap: no publicUrl or domain: links in e-mails need one (after the first deploy, set -c publicUrl=<the Web stack Url output>)');
}

const catalog = parseCatalog(JSON.parse(fs.readFileSync(path.join(REPO, 'functions', 'catalog.json'), 'utf8')));

// Binaries of `make build`. Missing ones are an error for a deploy and a stand-in otherwise,
// so `cdk synth` works on a fresh clone without Go.
const buildDir = path.join(REPO, 'build', 'functions');
const missing = catalog.functions.map((f) => f.name).filter((name) => !fs.existsSync(path.join(buildDir, name, 'bootstrap')));
let standIn: string | undefined;
if (missing.length > 0) {
  if (forDeploy) fail(`no binary for ${missing.join(', ')} in build/functions: run make build`);
  // One fixed folder with fixed content: the same asset hash on every synth, nothing left over.
  standIn = path.join(os.tmpdir(), 'samrap-infra-stand-in');
  fs.mkdirSync(standIn, { recursive: true });
  fs.writeFileSync(path.join(standIn, 'bootstrap'), '#!/bin/sh\necho "stand-in: run make build" >&2\nexit 1\n', { mode: 0o755 });
  console.warn(`samrap: no binary for ${missing.join(', ')}; synthesizing with a stand-in (run make build before deploying)`);
}
const code = (name: string): lambda.Code =>
  lambda.Code.fromAsset(missing.includes(name) ? standIn! : path.join(buildDir, name));

const webDist = path.join(REPO, 'web', 'dist');
const webAssetsPath = fs.existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
if (!webAssetsPath) {
  if (forDeploy) fail('web/dist/index.html is missing: build the web app first (make web)');
  console.warn('samrap: web/dist is missing; the web stack is synthesized without content');
}

// A new value at every synthesis: the migration custom resource changes, so every deploy runs
// the migrations (docs/deploy.md, "Deploying").
const deployId = new Date().toISOString();

buildSamrap(app, settings, { catalog, code, webAssetsPath, deployId });
app.synth();

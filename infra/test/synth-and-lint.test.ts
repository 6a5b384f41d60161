/**
 * The app as ops run it: `cdk synth` from the repository root with no AWS credentials writes
 * the templates in the region Samrap's settings say (ap-southeast-1 unless SAMRAP_REGION or
 * `-c region` says otherwise, whatever the CLI's own default), and cfn-lint, told that
 * region, finds no error (nor any warning but the two explained below) in them or in a prod
 * synthesis of every kind of function.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { FULL_CATALOG, fakeWebDist, REPO, synthesize, tempDir } from './helpers';

/**
 * W3005: the redundant DependsOn that CDK writes for every Lambda and its role.
 * W3010: literal AZs, chosen on purpose (settings.availabilityZones) so synth needs no lookup.
 */
const IGNORED_CHECKS = ['W3005', 'W3010'];
const STACKS = ['Data', 'Workers', 'Api', 'Web'];

/** The environment of a machine that has never seen AWS: no credentials, no profile, no IMDS. */
function offlineEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(AWS_|CDK_|SAMRAP_)/.test(name) && name !== 'AWS_CA_BUNDLE') delete env[name];
  }
  return {
    ...env,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: path.join(tempDir('aws'), 'config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(tempDir('aws'), 'credentials'),
    CDK_DISABLE_CLI_TELEMETRY: 'true',
    ...extra,
  };
}

const CFN_LINT_AVAILABLE = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;
// cfn-lint is a Python tool that scripts/ensure-deps.sh installs only where PyPI answers (see
// docs/deploy.md). Where it is missing the lint tests are skipped, and said so loudly: a
// skipped lint must never pass for a clean one.
const CFN_LINT_SKIP = CFN_LINT_AVAILABLE ? false : 'cfn-lint is not on PATH';
if (!CFN_LINT_AVAILABLE) {
  console.error(
    '\n*** WARNING: cfn-lint is not installed: the CloudFormation lint of the synthesized templates was SKIPPED. ' +
      'Install it (pip install cfn-lint) and run the CDK tests again. ***\n',
  );
}

/** cfn-lint on templates synthesized for `region`: region-specific checks use that region. */
function cfnLint(files: string[], region: string): { status: number | null; output: string } {
  const run = spawnSync('cfn-lint', ['--regions', region, '--ignore-checks', ...IGNORED_CHECKS, '--', ...files], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** `cdk synth` from the repository root, as ops run it, into a fresh folder. */
function cliSynth(env: NodeJS.ProcessEnv): { outdir: string; run: ReturnType<typeof spawnSync> } {
  const outdir = tempDir('cli');
  const run = spawnSync(path.join(REPO, 'node_modules', '.bin', 'cdk'), ['synth', '--quiet', '--output', outdir], {
    cwd: REPO,
    env,
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { outdir, run };
}

/** Stack name -> `aws://<account>/<region>`, from a cloud assembly's manifest. */
function environments(outdir: string): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
  const found: Record<string, string> = {};
  for (const [id, artifact] of Object.entries<any>(manifest.artifacts)) {
    if (artifact.type === 'aws:cloudformation:stack') found[id] = artifact.environment;
  }
  return found;
}

/** The AZs of the subnets of a synthesized Data stack. */
function subnetZones(outdir: string, stage: string): string[] {
  const template = JSON.parse(fs.readFileSync(path.join(outdir, `Samrap-${stage}-Data.template.json`), 'utf8'));
  const zones = Object.values<any>(template.Resources)
    .filter((r) => r.Type === 'AWS::EC2::Subnet')
    .map((r) => r.Properties.AvailabilityZone as string);
  return [...new Set(zones)].sort();
}

describe('cdk synth from the repository root, offline', () => {
  let outdir: string;
  let run: ReturnType<typeof spawnSync>;
  before(() => {
    ({ outdir, run } = cliSynth(offlineEnv()));
  });

  it('writes the four templates of the dev stage', () => {
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    for (const stack of STACKS) {
      const file = path.join(outdir, `Samrap-dev-${stack}.template.json`);
      assert.ok(fs.existsSync(file), file);
      assert.ok(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).Resources).length > 0);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    assert.equal(manifest.missing, undefined, 'no context lookups');
  });

  // With no region configured anywhere the CLI tells the app us-east-1 (CDK_DEFAULT_REGION);
  // the documented default must win.
  it('targets ap-southeast-1 when no region is set, not the CLI default us-east-1', () => {
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    assert.deepEqual(
      environments(outdir),
      Object.fromEntries(STACKS.map((s) => [`Samrap-dev-${s}`, 'aws://unknown-account/ap-southeast-1'])),
    );
    assert.deepEqual(subnetZones(outdir, 'dev'), ['ap-southeast-1a', 'ap-southeast-1b']);
  });

  it('passes cfn-lint for ap-southeast-1', { skip: CFN_LINT_SKIP }, () => {
    const lint = cfnLint(STACKS.map((s) => path.join(outdir, `Samrap-dev-${s}.template.json`)), 'ap-southeast-1');
    assert.ok(lint.status === 0 || lint.status === 8, `cfn-lint exit ${lint.status}:\n${lint.output}`);
  });
});

describe('cdk synth with SAMRAP_REGION, credentials configured for another region', () => {
  let outdir: string;
  let run: ReturnType<typeof spawnSync>;
  before(() => {
    // AWS_REGION is what the CLI turns into CDK_DEFAULT_REGION; SAMRAP_REGION must win.
    ({ outdir, run } = cliSynth(offlineEnv({ AWS_REGION: 'us-west-2', SAMRAP_REGION: 'ap-southeast-2' })));
  });

  it('targets SAMRAP_REGION, with AZs of that region', () => {
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    for (const env of Object.values(environments(outdir))) assert.equal(env, 'aws://unknown-account/ap-southeast-2');
    assert.deepEqual(subnetZones(outdir, 'dev'), ['ap-southeast-2a', 'ap-southeast-2b']);
  });

  it('passes cfn-lint for ap-southeast-2', { skip: CFN_LINT_SKIP }, () => {
    const lint = cfnLint(STACKS.map((s) => path.join(outdir, `Samrap-dev-${s}.template.json`)), 'ap-southeast-2');
    assert.ok(lint.status === 0 || lint.status === 8, `cfn-lint exit ${lint.status}:\n${lint.output}`);
  });
});

describe('cfn-lint on a prod synthesis with every kind of function', { skip: CFN_LINT_SKIP }, () => {
  it('finds no error', () => {
    const outdir = tempDir('prod');
    const s = synthesize({ stage: 'prod', catalog: FULL_CATALOG, webAssetsPath: fakeWebDist(), outdir, settings: { natGateways: 2 } });
    s.app.synth();
    const files = STACKS.map((stack) => path.join(outdir, `Samrap-prod-${stack}.template.json`));
    for (const f of files) assert.ok(fs.existsSync(f), f);
    const lint = cfnLint(files, s.stacks.data.region);
    assert.ok(lint.status === 0 || lint.status === 8, `cfn-lint exit ${lint.status}:\n${lint.output}`);
  });
});

describe('bin/app.ts: region and refusals', () => {
  const app = (extra: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'infra', 'bin', 'app.ts')], {
      cwd: path.join(REPO, 'infra'),
      env: offlineEnv({ CDK_OUTDIR: tempDir('app'), ...extra }),
      encoding: 'utf8',
      timeout: 120_000,
    });

  /** The regions of the stacks app.ts wrote into `outdir`. */
  const regionsIn = (outdir: string) => [...new Set(Object.values(environments(outdir)).map((e) => e.split('/').pop()))];

  it('ignores the CLI default region; -c region wins over SAMRAP_REGION', () => {
    const cliDefault = { CDK_DEFAULT_REGION: 'us-east-1' };
    let outdir = tempDir('app');
    let r = app({ ...cliDefault, CDK_OUTDIR: outdir });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(regionsIn(outdir), ['ap-southeast-1']);

    outdir = tempDir('app');
    r = app({ ...cliDefault, CDK_OUTDIR: outdir, SAMRAP_REGION: 'ap-southeast-2', CDK_CONTEXT_JSON: JSON.stringify({ region: 'eu-west-1' }) });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(regionsIn(outdir), ['eu-west-1']);
  });

  it('refuses an unknown stage', () => {
    const r = app({ SAMRAP_STAGE: 'staging' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /stage must be one of dev, uat, prod/);
  });

  it('refuses to deploy without an SES sender', () => {
    const r = app({ SAMRAP_REQUIRE_BUILD: 'true' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /set the SES sender/);
  });

  it('refuses to deploy prod without an alarm e-mail', () => {
    const r = app({ SAMRAP_REQUIRE_BUILD: 'true', SAMRAP_STAGE: 'prod', SAMRAP_MAIL_FROM: 'no-reply@samrap.example.org' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /alarmEmail/);
  });
});

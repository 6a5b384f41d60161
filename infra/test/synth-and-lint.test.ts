/**
 * The app as ops run it: `cdk synth` from the repository root with no AWS credentials writes
 * the templates, and cfn-lint finds no error (nor any warning but the two explained below)
 * in them or in a prod synthesis of every kind of function.
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

function cfnLintAvailable(): boolean {
  return spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;
}

function cfnLint(files: string[]): { status: number | null; output: string } {
  const run = spawnSync('cfn-lint', ['--ignore-checks', ...IGNORED_CHECKS, '--', ...files], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('cdk synth from the repository root, offline', () => {
  let outdir: string;
  let run: ReturnType<typeof spawnSync>;
  before(() => {
    outdir = tempDir('cli');
    run = spawnSync(path.join(REPO, 'node_modules', '.bin', 'cdk'), ['synth', '--quiet', '--output', outdir], {
      cwd: REPO,
      env: offlineEnv(),
      encoding: 'utf8',
      timeout: 180_000,
    });
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

  it('passes cfn-lint', { skip: !cfnLintAvailable() && 'cfn-lint is not on PATH' }, () => {
    const lint = cfnLint(STACKS.map((s) => path.join(outdir, `Samrap-dev-${s}.template.json`)));
    assert.ok(lint.status === 0 || lint.status === 8, `cfn-lint exit ${lint.status}:\n${lint.output}`);
  });
});

describe('cfn-lint on a prod synthesis with every kind of function', { skip: !cfnLintAvailable() && 'cfn-lint is not on PATH' }, () => {
  it('finds no error', () => {
    const outdir = tempDir('prod');
    const s = synthesize({ stage: 'prod', catalog: FULL_CATALOG, webAssetsPath: fakeWebDist(), outdir, settings: { natGateways: 2 } });
    s.app.synth();
    const files = STACKS.map((stack) => path.join(outdir, `Samrap-prod-${stack}.template.json`));
    for (const f of files) assert.ok(fs.existsSync(f), f);
    const lint = cfnLint(files);
    assert.ok(lint.status === 0 || lint.status === 8, `cfn-lint exit ${lint.status}:\n${lint.output}`);
  });
});

describe('bin/app.ts refusals', () => {
  const app = (extra: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'infra', 'bin', 'app.ts')], {
      cwd: path.join(REPO, 'infra'),
      env: offlineEnv({ CDK_OUTDIR: tempDir('app'), ...extra }),
      encoding: 'utf8',
      timeout: 120_000,
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

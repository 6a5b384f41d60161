/**
 * The app as ops run it: `cdk synth` from the repository root with no AWS credentials writes
 * the templates in the region Samrap's settings say (ap-southeast-1 unless SAMRAP_REGION or
 * `-c region` says otherwise, whatever the CLI's own default), and cfn-lint, told that
 * region, finds no error (nor any warning but the two explained below) in them or in a prod
 * synthesis of every kind of function. bin/app.ts refuses what it cannot deploy with exit 1.
 * The child processes (test/app-runs.ts) run in the background while the other files' tests
 * run; how settings are read, and each refusal, is settings.test.ts's (settingsFrom).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { cliSynthNoRegion, cliSynthSamrapRegion, offlineEnv, run, type Run } from './app-runs';
import { REPO, sharedSynth, tempDir } from './helpers';

/**
 * W3005: the redundant DependsOn that CDK writes for every Lambda and its role.
 * W3010: literal AZs, chosen on purpose (settings.availabilityZones) so synth needs no lookup.
 */
const IGNORED_CHECKS = ['W3005', 'W3010'];
const STACKS = ['Data', 'Workers', 'Api', 'Web'];

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
function cfnLint(files: string[], region: string): Promise<Run> {
  return run('cfn-lint', ['--regions', region, '--ignore-checks', ...IGNORED_CHECKS, '--', ...files], { timeout: 300_000 });
}

/** The templates of the four stacks of `stage` in a cloud assembly. */
const templates = (outdir: string, stage: string) => STACKS.map((s) => path.join(outdir, `Samrap-${stage}-${s}.template.json`));

/** cfn-lint exits 0 when clean and 8 when only informational findings remain. */
function assertLintClean(lint: Run): void {
  assert.ok(lint.status === 0 || lint.status === 8, `cfn-lint exit ${lint.status}:\n${lint.stdout}${lint.stderr}`);
}

// Both CLI runs start now, one after the other, while the other test files run; the lint of
// the second run's templates starts as soon as they are written.
const noRegion = cliSynthNoRegion();
const samrapRegion = cliSynthSamrapRegion();
const samrapRegionLint = CFN_LINT_AVAILABLE ? samrapRegion.then(({ outdir }) => cfnLint(templates(outdir, 'dev'), 'ap-southeast-2')) : undefined;

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
  let cli: Run;
  before(async () => {
    ({ outdir, run: cli } = await noRegion);
  });

  it('writes the four templates of the dev stage', () => {
    assert.equal(cli.status, 0, `${cli.stdout}${cli.stderr}`);
    for (const file of templates(outdir, 'dev')) {
      assert.ok(fs.existsSync(file), file);
      assert.ok(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).Resources).length > 0);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    assert.equal(manifest.missing, undefined, 'no context lookups');
  });

  // With no region configured anywhere the CLI tells the app us-east-1 (CDK_DEFAULT_REGION);
  // the documented default must win.
  it('targets ap-southeast-1 when no region is set, not the CLI default us-east-1', () => {
    assert.equal(cli.status, 0, `${cli.stdout}${cli.stderr}`);
    assert.deepEqual(
      environments(outdir),
      Object.fromEntries(STACKS.map((s) => [`Samrap-dev-${s}`, 'aws://unknown-account/ap-southeast-1'])),
    );
    assert.deepEqual(subnetZones(outdir, 'dev'), ['ap-southeast-1a', 'ap-southeast-1b']);
  });
});

describe('cdk synth with SAMRAP_REGION, credentials configured for another region', () => {
  it('targets SAMRAP_REGION, with AZs of that region', async () => {
    // AWS_REGION is what the CLI turns into CDK_DEFAULT_REGION; SAMRAP_REGION must win.
    const { outdir, run: cli } = await samrapRegion;
    assert.equal(cli.status, 0, `${cli.stdout}${cli.stderr}`);
    assert.deepEqual(
      environments(outdir),
      Object.fromEntries(STACKS.map((s) => [`Samrap-dev-${s}`, 'aws://unknown-account/ap-southeast-2'])),
    );
    assert.deepEqual(subnetZones(outdir, 'dev'), ['ap-southeast-2a', 'ap-southeast-2b']);
  });
});

// One cfn-lint run per region (each start of cfn-lint costs seconds): each template is linted
// for the region it was synthesized for.
describe('cfn-lint, told the region of each template', () => {
  it('finds no error in the CLI\'s templates and a prod synthesis with every kind of function, for ap-southeast-1', { skip: CFN_LINT_SKIP }, async () => {
    const { outdir } = await noRegion;
    const prod = sharedSynth({ stage: 'prod', catalog: 'full', web: true, settings: { natGateways: 2 } });
    assert.equal(prod.stacks.data.region, 'ap-southeast-1');
    prod.app.synth(); // (already synthesized into its outdir by the assertions' templates)
    const files = [...templates(outdir, 'dev'), ...templates(prod.app.outdir, 'prod')];
    for (const f of files) assert.ok(fs.existsSync(f), f);
    assertLintClean(await cfnLint(files, 'ap-southeast-1'));
  });

  it('finds no error in the templates of SAMRAP_REGION=ap-southeast-2, for ap-southeast-2', { skip: CFN_LINT_SKIP }, async () => {
    const { outdir } = await samrapRegion;
    for (const f of templates(outdir, 'dev')) assert.ok(fs.existsSync(f), f);
    assertLintClean(await samrapRegionLint!);
  });
});

describe('bin/app.ts refuses settings it cannot deploy', () => {
  // The refusals themselves are settingsFrom's (settings.test.ts); this is the way out: `-c`
  // context reaches settingsFrom and a refusal is a message and exit status 1, no synthesis.
  it('exits 1 with the reason, writing nothing', async () => {
    const outdir = tempDir('app');
    const r = await run(process.execPath, ['--import', 'tsx', path.join(REPO, 'infra', 'bin', 'app.ts')], {
      cwd: path.join(REPO, 'infra'),
      env: offlineEnv({ CDK_OUTDIR: outdir, CDK_CONTEXT_JSON: JSON.stringify({ stage: 'staging' }) }),
      timeout: 120_000,
    });
    assert.equal(r.status, 1, `${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /^samrap: stage must be one of dev, uat, prod, not "staging"$/m);
    assert.deepEqual(fs.readdirSync(outdir), []);
  });
});

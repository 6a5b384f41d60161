/**
 * The app as ops run it, in child processes: `cdk synth` from the repository root. Each run
 * starts once per test process, in the background, when a test file first asks for it
 * (synth-and-lint.test.ts at its import; workers.test.ts reads the same runs), so the
 * in-process tests go on meanwhile on the other core.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { REPO, tempDir } from './helpers';

export interface Run {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * A child process and its output. Never rejects: a process that cannot start, or is killed at
 * `timeout` ms, resolves with status null (and says why in `stderr`).
 */
export function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout: number }): Promise<Run> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, timeout: options.timeout, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (err) => resolve({ status: null, signal: null, stdout, stderr: `${stderr}\n${command}: ${err.message}` }));
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** The environment of a machine that has never seen AWS: no credentials, no profile, no IMDS. */
export function offlineEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
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

export interface CliSynth {
  /** The cloud assembly: `Samrap-dev-<Stack>.template.json`, manifest.json. */
  readonly outdir: string;
  readonly run: Run;
}

/** `cdk synth` from the repository root, as ops run it, into a fresh folder. */
async function cliSynth(env: NodeJS.ProcessEnv): Promise<CliSynth> {
  const outdir = tempDir('cli');
  const cdk = path.join(REPO, 'node_modules', '.bin', 'cdk');
  return { outdir, run: await run(cdk, ['synth', '--quiet', '--output', outdir], { cwd: REPO, env, timeout: 180_000 }) };
}

let noRegion: Promise<CliSynth> | undefined;
let samrapRegion: Promise<CliSynth> | undefined;

/**
 * `cdk synth` offline with no region configured anywhere: the CLI tells the app us-east-1
 * (CDK_DEFAULT_REGION); Samrap's default, ap-southeast-1, must win.
 */
export function cliSynthNoRegion(): Promise<CliSynth> {
  noRegion ??= cliSynth(offlineEnv());
  return noRegion;
}

/**
 * `cdk synth` offline with the credentials' region us-west-2 (AWS_REGION, which the CLI turns
 * into CDK_DEFAULT_REGION) and SAMRAP_REGION=ap-southeast-2, which must win. Starts when
 * cliSynthNoRegion has finished: one at a time beside the tests, and the deploy ids of the two
 * runs are the times of two syntheses that do not overlap (workers.test.ts).
 */
export function cliSynthSamrapRegion(): Promise<CliSynth> {
  samrapRegion ??= cliSynthNoRegion().then(() => cliSynth(offlineEnv({ AWS_REGION: 'us-west-2', SAMRAP_REGION: 'ap-southeast-2' })));
  return samrapRegion;
}

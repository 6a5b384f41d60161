#!/usr/bin/env node
/**
 * The Samrap CDK app: the ONLY place that reads context (`-c key=value`) or the environment,
 * which it hands to settingsFrom (lib/settings.ts); everything below receives plain settings.
 * See docs/deploy.md for every key.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib/core';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { parseCatalog } from '../lib/catalog';
import { buildSamrap } from '../lib/samrap';
import { SettingsError, settingsFrom, type AppSettings } from '../lib/settings';

const REPO = path.resolve(__dirname, '..', '..');

const app = new App();

function fail(message: string): never {
  console.error(`samrap: ${message}`);
  process.exit(1);
}

let run: AppSettings;
try {
  run = settingsFrom((key) => app.node.tryGetContext(key), process.env);
} catch (err) {
  if (err instanceof SettingsError) fail(err.message);
  throw err;
}
const { settings, forDeploy } = run;
for (const warning of run.warnings) console.warn(`samrap: ${warning}`);

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

import type { App, Environment } from 'aws-cdk-lib/core';
import type { Catalog } from './catalog';
import { FunctionLogRetention } from './function-logs';
import { removalPolicyFor, STAGE_PROFILES, validateSettings, type SamrapSettings } from './settings';
import type { FunctionCodeFactory, FunctionPlatform } from './platform';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';
import { WorkersStack } from './stacks/workers-stack';

export interface SamrapSources {
  readonly catalog: Catalog;
  /** Code of each catalogue function (`build/functions/<name>/`, or stand-ins in tests). */
  readonly code: FunctionCodeFactory;
  /** `web/dist`, when it exists; otherwise the web bucket is created empty. */
  readonly webAssetsPath?: string;
  /**
   * Different at every synthesis (bin/app.ts: the time of the synth): a property of the
   * migration custom resource, so that every deploy runs the migrations. Passed in so that
   * the stacks stay pure functions of their inputs.
   */
  readonly deployId: string;
}

export interface SamrapStacks {
  readonly data: DataStack;
  readonly workers: WorkersStack;
  readonly api: ApiStack;
  readonly web: WebStack;
}

/**
 * One deployment of Samrap: `Samrap-<stage>-Data`, `-Workers`, `-Api`, `-Web`, deployed in
 * that order (migrations run in Workers before the API of the release takes traffic).
 */
export function buildSamrap(app: App, settings: SamrapSettings, sources: SamrapSources): SamrapStacks {
  validateSettings(settings);
  const profile = STAGE_PROFILES[settings.stage];
  const env: Environment = { region: settings.region, ...(settings.account ? { account: settings.account } : {}) };
  const common = {
    env,
    terminationProtection: profile.terminationProtection,
    tags: { project: 'samrap', stage: settings.stage },
  };
  const prefix = `Samrap-${settings.stage}`;

  const data = new DataStack(app, `${prefix}-Data`, {
    ...common,
    description: `Samrap ${settings.stage}: network, database, secrets, buckets, alarm topic`,
    stage: settings.stage,
    profile,
    availabilityZones: settings.availabilityZones,
    natGateways: settings.natGateways,
    alarmEmail: settings.alarmEmail,
    localDatabase: settings.localstack,
  });

  const platform: FunctionPlatform = {
    stage: settings.stage,
    profile,
    code: sources.code,
    network: data.network,
    database: data.database,
    jwtSecret: data.jwtSecret,
    originSecret: settings.localstack === undefined ? data.originSecret : undefined,
    uploadsBucket: data.uploadsBucket,
    filesBucket: data.filesBucket,
    mailFrom: settings.mailFrom,
    publicUrl: settings.publicUrl ?? (settings.domain ? `https://${settings.domain.name}` : undefined),
    alarmTopic: data.alarmTopic,
    secretsExtension: settings.localstack === undefined,
    logRetention: profile.logRetention,
    removalPolicy: removalPolicyFor(profile),
  };

  const workers = new WorkersStack(app, `${prefix}-Workers`, {
    ...common,
    description: `Samrap ${settings.stage}: queues, workers, schedules, database migrations`,
    catalog: sources.catalog,
    platform,
    deployId: sources.deployId,
  });

  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: `Samrap ${settings.stage}: HTTP API and its functions`,
    catalog: sources.catalog,
    platform,
    queues: workers.queues,
  });
  api.addStackDependency(workers, 'migrations run before the API of a release takes traffic');

  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    description: `Samrap ${settings.stage}: web app on CloudFront, API under /api/*`,
    apiDomainName: api.apiDomainName,
    apiOriginSecret: platform.originSecret,
    assetsPath: sources.webAssetsPath,
    domain: settings.domain,
  });

  for (const stack of [data, workers, api, web]) {
    FunctionLogRetention.applyTo(stack, profile.logRetention, removalPolicyFor(profile));
  }
  return { data, workers, api, web };
}

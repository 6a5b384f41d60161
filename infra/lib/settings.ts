import { Duration, RemovalPolicy } from 'aws-cdk-lib/core';
import * as logs from 'aws-cdk-lib/aws-logs';

/**
 * What differs between deployments. `bin/app.ts` hands its context and environment to
 * `settingsFrom` (below), which makes a `SamrapSettings` of them; everything else receives
 * plain values and never reads either.
 */

export const STAGES = ['dev', 'uat', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** Sizing and safety per stage: the decisions an ops engineer reads in docs/deploy.md. */
export interface StageProfile {
  /** Aurora Serverless v2 capacity range, in ACUs. */
  readonly minCapacity: number;
  readonly maxCapacity: number;
  /** Serverless v2 readers besides the writer (a reader in another AZ is the failover target). */
  readonly readers: number;
  readonly backupRetention: Duration;
  readonly logRetention: logs.RetentionDays;
  /** prod keeps data (database, buckets, secrets, logs) when a stack or resource is removed. */
  readonly retainData: boolean;
  readonly terminationProtection: boolean;
  readonly logLevel: 'debug' | 'info' | 'warn';
  /** Steady-state requests per second and burst on the HTTP API's default stage. */
  readonly apiRateLimit: number;
  readonly apiBurstLimit: number;
}

export const STAGE_PROFILES: Readonly<Record<Stage, StageProfile>> = {
  dev: {
    minCapacity: 0.5,
    maxCapacity: 4,
    readers: 0,
    backupRetention: Duration.days(1),
    logRetention: logs.RetentionDays.TWO_WEEKS,
    retainData: false,
    terminationProtection: false,
    logLevel: 'debug',
    apiRateLimit: 50,
    apiBurstLimit: 100,
  },
  uat: {
    minCapacity: 0.5,
    maxCapacity: 4,
    readers: 0,
    backupRetention: Duration.days(7),
    logRetention: logs.RetentionDays.ONE_MONTH,
    retainData: false,
    terminationProtection: false,
    logLevel: 'info',
    apiRateLimit: 100,
    apiBurstLimit: 200,
  },
  prod: {
    minCapacity: 0.5,
    maxCapacity: 16,
    readers: 1,
    backupRetention: Duration.days(35),
    logRetention: logs.RetentionDays.SIX_MONTHS,
    retainData: true,
    terminationProtection: true,
    logLevel: 'info',
    apiRateLimit: 500,
    apiBurstLimit: 1000,
  },
};

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

export function removalPolicyFor(profile: StageProfile): RemovalPolicy {
  return profile.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}

/** Everything one deployment of Samrap needs to know, resolved by bin/app.ts. */
export interface SamrapSettings {
  readonly stage: Stage;
  /** Region always; account only when known (env-agnostic account otherwise, never a lookup). */
  readonly region: string;
  readonly account?: string;
  /** Explicit AZs, so the VPC never needs a context lookup. */
  readonly availabilityZones: readonly string[];
  /**
   * The SES sender, `no-reply@samrap.example.org` or `Samrap <no-reply@samrap.example.org>`;
   * the address (or its domain) must be a verified SES identity.
   */
  readonly mailFrom: string;
  /** Where people open Samrap (links in e-mails): `https://<domain>` when a domain is set. */
  readonly publicUrl?: string;
  /** Where alarms are e-mailed; none means the topic has no subscriber yet. */
  readonly alarmEmail?: string;
  /** Custom domain for CloudFront with its ACM certificate (us-east-1). */
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  /** NAT gateways for outbound internet (hospital connectors); 0 = isolated subnets and endpoints. */
  readonly natGateways: number;
  /** LocalStack: no VPC, Aurora or proxy; the functions reach the compose PostgreSQL instead. */
  readonly localstack?: LocalDatabase;
}

export interface LocalDatabase {
  readonly host: string;
  readonly port: number;
  readonly name: string;
  readonly username: string;
  readonly password: string;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const CERT_ARN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Throws on settings that would synthesize but fail (or misbehave) at deploy time. */
export function validateSettings(s: SamrapSettings): void {
  if (!isStage(s.stage)) throw new Error(`stage must be one of ${STAGES.join(', ')}, not "${s.stage}"`);
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(s.region)) throw new Error(`"${s.region}" is not an AWS region`);
  if (s.account !== undefined && !/^\d{12}$/.test(s.account)) throw new Error(`"${s.account}" is not an AWS account id`);
  if (s.availabilityZones.length < 2) throw new Error('Aurora and RDS Proxy need at least two availability zones');
  for (const az of s.availabilityZones) {
    if (!az.startsWith(s.region)) throw new Error(`availability zone "${az}" is not in ${s.region}`);
  }
  mailAddress(s.mailFrom);
  if (s.publicUrl !== undefined && !/^https:\/\/[^\s/]+$/.test(s.publicUrl)) {
    throw new Error(`publicUrl "${s.publicUrl}" must be https://host, without a path`);
  }
  if (s.alarmEmail !== undefined && !EMAIL.test(s.alarmEmail)) {
    throw new Error(`alarmEmail "${s.alarmEmail}" is not an e-mail address`);
  }
  if (s.domain) {
    if (!DOMAIN.test(s.domain.name)) throw new Error(`domain "${s.domain.name}" is not a DNS name`);
    if (!CERT_ARN.test(s.domain.certificateArn)) {
      throw new Error('certificateArn must be an ACM certificate in us-east-1 (CloudFront only uses those)');
    }
  }
  if (!Number.isInteger(s.natGateways) || s.natGateways < 0 || s.natGateways > s.availabilityZones.length) {
    throw new Error(`natGateways must be 0..${s.availabilityZones.length}`);
  }
}

/** The address of a sender written `addr` or `Display Name <addr>`. */
export function mailAddress(mailFrom: string): string {
  const match = /^\s*(?:[^<>]*<([^<>]+)>|([^<>\s]+))\s*$/.exec(mailFrom);
  const address = match?.[1] ?? match?.[2];
  if (!address || !EMAIL.test(address)) throw new Error(`mailFrom "${mailFrom}" is not an e-mail address`);
  return address;
}

/** Where Samrap deploys unless `-c region` or SAMRAP_REGION says otherwise (docs/deploy.md). */
export const DEFAULT_REGION = 'ap-southeast-1';

/** A setting that cannot be deployed; bin/app.ts prints the message and exits 1. */
export class SettingsError extends Error {}

/** One run of bin/app.ts: its settings, whether it is for a deploy, what to warn about. */
export interface AppSettings {
  readonly settings: SamrapSettings;
  /** `true` for `cdk deploy` (set by infra/scripts/deploy.sh): no stand-ins, no placeholders. */
  readonly forDeploy: boolean;
  /** What the synthesis goes on without but ops should hear (bin/app.ts prints each). */
  readonly warnings: readonly string[];
}

/**
 * The settings of bin/app.ts from its context (`-c key=value`, `context` of cdk.json) and its
 * environment: each setting is `-c name=value` first, then the environment variable, then the
 * default. Reads nothing else, so it is tested in-process (settings.test.ts). Throws a
 * SettingsError on what must not be synthesized or deployed.
 */
export function settingsFrom(
  context: (key: string) => unknown,
  env: Readonly<Record<string, string | undefined>>,
): AppSettings {
  const setting = (contextKey: string, envName: string): string | undefined => {
    const fromContext = context(contextKey);
    if (fromContext !== undefined && fromContext !== '') return String(fromContext);
    const fromEnv = env[envName];
    return fromEnv !== undefined && fromEnv !== '' ? fromEnv : undefined;
  };
  const warnings: string[] = [];

  const stage = setting('stage', 'SAMRAP_STAGE') ?? 'dev';
  if (!isStage(stage)) throw new SettingsError(`stage must be one of ${STAGES.join(', ')}, not "${stage}"`);

  const forDeploy = setting('requireBuild', 'SAMRAP_REQUIRE_BUILD') === 'true';
  const localstack = setting('localstack', 'SAMRAP_LOCALSTACK') === 'true';

  // The region is Samrap's own setting, never the CLI's: the CDK CLI sets CDK_DEFAULT_REGION to
  // the credentials' region or, when none is configured, to us-east-1, which would silently
  // move a deployment out of the documented default.
  const region = setting('region', 'SAMRAP_REGION') ?? DEFAULT_REGION;
  // The account may come from the credentials (the CLI resolves it); without any it stays
  // unresolved, so an offline synth needs nothing.
  const account = setting('account', 'SAMRAP_ACCOUNT') ?? env.CDK_DEFAULT_ACCOUNT;
  const availabilityZones = (setting('availabilityZones', 'SAMRAP_AZS') ?? `${region}a,${region}b`)
    .split(',')
    .map((az) => az.trim())
    .filter(Boolean);

  let mailFrom = setting('mailFrom', 'SAMRAP_MAIL_FROM');
  if (!mailFrom) {
    if (forDeploy && !localstack) throw new SettingsError('set the SES sender: -c mailFrom=no-reply@your-domain (or SAMRAP_MAIL_FROM)');
    mailFrom = 'no-reply@samrap.invalid';
    warnings.push(`no mailFrom given; using the placeholder ${mailFrom} (synth only)`);
  }
  const alarmEmail = setting('alarmEmail', 'SAMRAP_ALARM_EMAIL');
  if (!alarmEmail && forDeploy && stage === 'prod') {
    throw new SettingsError('prod needs somebody to receive alarms: -c alarmEmail=ops@your-domain (or SAMRAP_ALARM_EMAIL)');
  }
  const domainName = setting('domain', 'SAMRAP_DOMAIN');
  const certificateArn = setting('certificateArn', 'SAMRAP_CERTIFICATE_ARN');
  if (Boolean(domainName) !== Boolean(certificateArn)) throw new SettingsError('domain and certificateArn go together');

  const settings: SamrapSettings = {
    stage,
    region,
    account,
    availabilityZones,
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
    warnings.push('no publicUrl or domain: links in e-mails need one (after the first deploy, set -c publicUrl=<the Web stack Url output>)');
  }
  return { settings, forDeploy, warnings };
}

import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';

/**
 * What differs between deployments. `bin/app.ts` builds a `SamrapSettings` from context and
 * environment; everything below it receives plain values and never reads either.
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

import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib/core';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { queueUrlVariable, type CatalogEntry } from './catalog';
import type { FunctionNetwork, GoFunction, GoFunctionProps } from './constructs/go-function';
import type { DatabaseAccess } from './stacks/data-stack';
import { mailAddress, type Stage, type StageProfile } from './settings';

/** Gives the code of a catalogue function: `build/functions/<name>/` in the app, a stand-in in tests. */
export type FunctionCodeFactory = (name: string) => lambda.Code;

/** What every Samrap function is built from: the data stack's resources and the stage's choices. */
export interface FunctionPlatform {
  readonly stage: Stage;
  readonly profile: StageProfile;
  readonly code: FunctionCodeFactory;
  readonly network?: FunctionNetwork;
  readonly database: DatabaseAccess;
  readonly jwtSecret: secretsmanager.ISecret;
  /** The X-Origin-Verify secret of CloudFront; unset where no CloudFront stands in front (LocalStack). */
  readonly originSecret?: secretsmanager.ISecret;
  readonly uploadsBucket: s3.IBucket;
  readonly filesBucket: s3.IBucket;
  readonly mailFrom: string;
  readonly publicUrl?: string;
  readonly alarmTopic: sns.ITopic;
  /** The AWS Parameters and Secrets Lambda Extension, through which functions read secrets. */
  readonly secretsExtension: boolean;
  readonly logRetention: logs.RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

/** The key prefix under which the `uploads` use may read and write. */
export const UPLOADS_PREFIX = 'uploads/';

/**
 * The key prefix of the uploads bucket where the `hl7-archive` use writes (only writes) each
 * HL7 v2 message the feed received, `hl7/<branch>/<date>/<id>.hl7` (pkg/hl7feed ArchiveKey);
 * the bucket's lifecycle keeps them HL7_RETENTION_DAYS (docs/hl7.md "Kept").
 */
export const HL7_PREFIX = 'hl7/';

/** How long the HL7 v2 messages are kept in S3: personal data, kept as long as needed to trace a change. */
export const HL7_RETENTION_DAYS = 180;

/**
 * The key prefixes of the files bucket that the `files` use may read and write: the
 * failed-rows workbooks of the imports (`failed/<branch>/<job>.xlsx`, pkg/imports FailedKey),
 * written by import-worker and handed out by files as signed links. Go code that writes under
 * a new prefix of the files bucket (reports, meal cards) needs its prefix here, or S3 refuses
 * it in AWS (docs/deploy.md, "The catalogue").
 */
export const FILES_PREFIXES: readonly string[] = ['failed/', 'reports/', 'exports/'];

/** GoFunction props for a catalogue entry: code, network, logs, alarms and the common environment. */
export function functionProps(
  entry: CatalogEntry,
  platform: FunctionPlatform,
  sizing: { readonly memorySize?: number; readonly timeout?: Duration } = {},
): GoFunctionProps {
  return {
    catalogName: entry.name,
    code: platform.code(entry.name),
    network: platform.network,
    memorySize: sizing.memorySize,
    timeout: sizing.timeout,
    logRetention: platform.logRetention,
    logRemovalPolicy: platform.removalPolicy,
    alarmTopic: platform.alarmTopic,
    secretsExtension: platform.secretsExtension,
    // Names and addresses, never secrets; every function knows them all (the Go config is
    // one struct), and may use only what grantUses allows.
    environment: {
      STAGE: platform.stage,
      LOG_LEVEL: platform.profile.logLevel,
      DATABASE_SECRET_ARN: platform.database.secret.secretArn,
      DATABASE_HOST: platform.database.host,
      DATABASE_NAME: platform.database.name,
      JWT_SECRET_ARN: platform.jwtSecret.secretArn,
      ...(platform.originSecret ? { ORIGIN_SECRET_ARN: platform.originSecret.secretArn } : {}),
      UPLOADS_BUCKET: platform.uploadsBucket.bucketName,
      FILES_BUCKET: platform.filesBucket.bucketName,
      MAIL_FROM: platform.mailFrom,
      ...(platform.publicUrl ? { PUBLIC_URL: platform.publicUrl } : {}),
    },
  };
}

/**
 * Least privilege from the catalogue's vocabulary. Every function reads the database secret
 * (RDS Proxy authenticates with that password: its IAM authentication is off, so no function
 * gets `rds-db:connect`); everything else is granted only when `uses` says so. A queue's URL
 * (`QUEUE_URL_<NAME>`) is given only to the functions that may send to it.
 */
export function grantUses(
  go: GoFunction,
  entry: CatalogEntry,
  platform: FunctionPlatform,
  queues: ReadonlyMap<string, sqs.IQueue>,
): void {
  const fn = go.function;
  platform.database.secret.grantRead(fn);
  // an http function checks that each request came through CloudFront
  if (entry.kind === 'http' && platform.originSecret) platform.originSecret.grantRead(fn);

  for (const use of entry.uses) {
    switch (use.kind) {
      case 'jwt':
        platform.jwtSecret.grantRead(fn);
        break;
      case 'mail':
        fn.addToRolePolicy(sesSendStatement(Stack.of(fn), mailAddress(platform.mailFrom)));
        break;
      case 'uploads':
        platform.uploadsBucket.grantReadWrite(fn, `${UPLOADS_PREFIX}*`);
        break;
      case 'hl7-archive':
        platform.uploadsBucket.grantPut(fn, `${HL7_PREFIX}*`);
        break;
      case 'files':
        for (const prefix of FILES_PREFIXES) platform.filesBucket.grantReadWrite(fn, `${prefix}*`);
        break;
      case 'hospital':
        fn.addToRolePolicy(hospitalSecretsStatement(Stack.of(fn), platform.stage));
        break;
      case 'queue': {
        const queue = queues.get(use.queue);
        if (!queue) throw new Error(`function "${entry.name}" uses queue "${use.queue}", which does not exist`);
        queue.grantSendMessages(fn);
        fn.addEnvironment(queueUrlVariable(use.queue), queue.queueUrl);
        break;
      }
    }
  }
}

/**
 * The hospital connectors' credentials: the secrets a Super Admin names by ARN in a branch's
 * connector settings must live under `samrap/<stage>/hospital/` (docs/deploy.md); the
 * functions that call hospitals read those and no other.
 */
export function hospitalSecretsStatement(stack: Stack, stage: string): iam.PolicyStatement {
  return new iam.PolicyStatement({
    actions: ['secretsmanager:GetSecretValue'],
    resources: [
      stack.formatArn({
        service: 'secretsmanager',
        resource: 'secret',
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        resourceName: `${hospitalSecretPrefix(stage)}*`,
      }),
    ],
  });
}

/** Where a stage's hospital connector secrets are named. */
export function hospitalSecretPrefix(stage: string): string {
  return `samrap/${stage}/hospital/`;
}

/** SES send, only from the configured address, through its own or its domain's identity. */
export function sesSendStatement(stack: Stack, address: string): iam.PolicyStatement {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return new iam.PolicyStatement({
    actions: ['ses:SendEmail', 'ses:SendRawEmail'],
    resources: [address, domain].map((identity) =>
      stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
    ),
    conditions: { StringEquals: { 'ses:FromAddress': address } },
  });
}

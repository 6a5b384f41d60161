import { CfnOutput, CustomResource, Duration, Stack, type StackProps } from 'aws-cdk-lib/core';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { migrateEntry, pascalCase, scheduleEntries, sqsEntries, type Catalog, type CatalogEntry } from '../catalog';
import { GoFunction } from '../constructs/go-function';
import { QueueWorker } from '../constructs/queue-worker';
import { functionProps, grantUses, type FunctionPlatform } from '../platform';

export interface WorkersStackProps extends StackProps {
  readonly catalog: Catalog;
  readonly platform: FunctionPlatform;
  /** Changes at every deploy (never derived here): the migrations run on every deploy. */
  readonly deployId: string;
}

/**
 * Everything that runs without a browser waiting: queue workers (each queue with its DLQ), the
 * uploads bucket's notifications to their queues, scheduled jobs, and the `migrate` function,
 * run by a custom resource on every deploy (so before the API of a release takes traffic: the
 * API stack depends on this one).
 */
export class WorkersStack extends Stack {
  public readonly queues: ReadonlyMap<string, sqs.IQueue>;
  public readonly workers: ReadonlyMap<string, QueueWorker>;
  public readonly scheduled: ReadonlyMap<string, GoFunction>;
  public readonly migrate?: { readonly function: GoFunction; readonly resource: CustomResource };

  constructor(scope: Construct, id: string, props: WorkersStackProps) {
    super(scope, id, props);
    const { platform, catalog } = props;
    if (props.deployId.trim() === '') throw new Error('WorkersStack: deployId must not be empty');

    const queues = new Map<string, sqs.IQueue>();
    const workers = new Map<string, QueueWorker>();
    const granted: Array<[GoFunction, CatalogEntry]> = [];
    for (const entry of sqsEntries(catalog)) {
      const worker = new QueueWorker(this, pascalCase(entry.name), {
        function: functionProps(entry, platform, { memorySize: 1024, timeout: Duration.minutes(2) }),
        removalPolicy: platform.removalPolicy,
        alarmTopic: platform.alarmTopic,
        fifo: entry.fifo,
      });
      queues.set(entry.queue, worker.queue);
      workers.set(entry.name, worker);
      granted.push([worker.goFunction, entry]);
    }
    this.queues = queues;
    this.workers = workers;

    // The bucket lives in the data stack; its notifications are managed from here (as an
    // imported bucket) so that the data stack never depends on the queues.
    const notifying = sqsEntries(catalog).filter((e) => e.s3Notifications !== undefined);
    if (notifying.length > 0) {
      const uploads = s3.Bucket.fromBucketAttributes(this, 'UploadsBucket', {
        bucketArn: platform.uploadsBucket.bucketArn,
        bucketName: platform.uploadsBucket.bucketName,
      });
      for (const entry of notifying) {
        uploads.addEventNotification(
          s3.EventType.OBJECT_CREATED,
          new s3n.SqsDestination(workers.get(entry.name)!.queue),
          { prefix: entry.s3Notifications },
        );
      }
    }

    const scheduled = new Map<string, GoFunction>();
    for (const entry of scheduleEntries(catalog)) {
      const go = new GoFunction(this, pascalCase(entry.name), functionProps(entry, platform, { memorySize: 512, timeout: Duration.minutes(5) }));
      new events.Rule(this, `${pascalCase(entry.name)}Schedule`, {
        description: `Samrap ${entry.name}: ${entry.schedule}`,
        schedule: events.Schedule.expression(entry.schedule),
        targets: [new targets.LambdaFunction(go.function, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
      });
      scheduled.set(entry.name, go);
      granted.push([go, entry]);
    }
    this.scheduled = scheduled;

    const migrate = migrateEntry(catalog);
    if (migrate) {
      const go = new GoFunction(this, pascalCase(migrate.name), functionProps(migrate, platform, { memorySize: 512, timeout: Duration.minutes(5) }));
      granted.push([go, migrate]);
      const provider = new cr.Provider(this, 'MigrateProvider', {
        onEventHandler: go.function,
        logGroup: new logs.LogGroup(this, 'MigrateProviderLogs', {
          retention: platform.logRetention,
          removalPolicy: platform.removalPolicy,
        }),
      });
      const resource = new CustomResource(this, 'Migration', {
        serviceToken: provider.serviceToken,
        resourceType: 'Custom::SamrapMigration',
        // DeployId differs at every synthesis, so CloudFormation updates the resource and the
        // migrations run on every deploy (goose applies only what is missing: idempotent).
        // CodeFingerprint names the binary (which embeds the migrations) that ran them.
        properties: { DeployId: props.deployId, CodeFingerprint: go.codeFingerprint, Stage: platform.stage },
      });
      this.migrate = { function: go, resource };
      new CfnOutput(this, 'MigrateFunctionName', {
        description: 'Invoke for one-off database commands (docs/deploy.md, "The first administrator")',
        value: go.function.functionName,
      });
    }

    for (const [go, entry] of granted) grantUses(go, entry, platform, queues);
  }
}

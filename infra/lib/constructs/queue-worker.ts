import { Duration, RemovalPolicy } from 'aws-cdk-lib/core';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { GoFunction, type GoFunctionProps } from './go-function';

export interface QueueWorkerProps {
  /** The worker's function; its timeout sets the queue's visibility timeout (six times it). */
  readonly function: GoFunctionProps;
  /** Receives before a message moves to the DLQ. @default 5 */
  readonly maxReceiveCount?: number;
  /** @default 10 */
  readonly batchSize?: number;
  /** At most this many concurrent invocations, to spare the database. @default 5 */
  readonly maxConcurrency?: number;
  /** How long a failed message waits in the DLQ. @default 14 days (the SQS maximum) */
  readonly dlqRetention?: Duration;
  readonly removalPolicy: RemovalPolicy;
  /**
   * An SQS FIFO queue (and dead-letter queue): messages of a group are delivered in order, a
   * repeated deduplication id within five minutes is dropped. @default false
   */
  readonly fifo?: boolean;
  /** "DLQ not empty" alarms here. */
  readonly alarmTopic?: sns.ITopic;
}

/**
 * A queue with its dead-letter queue, consumed by a Go function through an event source
 * mapping that reports partial batch failures: one bad message is retried (then parked in the
 * DLQ) without failing the messages that went through.
 */
export class QueueWorker extends Construct {
  public readonly queue: sqs.Queue;
  public readonly deadLetterQueue: sqs.Queue;
  public readonly goFunction: GoFunction;

  constructor(scope: Construct, id: string, props: QueueWorkerProps) {
    super(scope, id);
    const maxReceiveCount = props.maxReceiveCount ?? 5;
    const batchSize = props.batchSize ?? 10;
    const maxConcurrency = props.maxConcurrency ?? 5;
    if (!Number.isInteger(maxReceiveCount) || maxReceiveCount < 1 || maxReceiveCount > 1000) {
      throw new Error('QueueWorker: maxReceiveCount must be 1..1000');
    }
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10) {
      throw new Error('QueueWorker: batchSize must be 1..10 (no batching window)');
    }
    if (!Number.isInteger(maxConcurrency) || maxConcurrency < 2 || maxConcurrency > 1000) {
      throw new Error('QueueWorker: maxConcurrency must be 2..1000');
    }
    const functionTimeout = props.function.timeout ?? Duration.seconds(15);
    // AWS guidance: at least six times the function timeout, so retries of a throttled batch
    // do not make a message visible again while it is still being worked on.
    const visibilityTimeout = Duration.seconds(Math.min(43200, Math.max(30, functionTimeout.toSeconds() * 6)));

    const fifo = props.fifo ? { fifo: true, contentBasedDeduplication: false } : {};
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      ...fifo,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: props.dlqRetention ?? Duration.days(14),
      removalPolicy: props.removalPolicy,
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      ...fifo,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout,
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount },
      removalPolicy: props.removalPolicy,
    });

    this.goFunction = new GoFunction(this, 'Go', props.function);
    this.goFunction.function.addEventSource(
      new SqsEventSource(this.queue, { batchSize, maxConcurrency, reportBatchItemFailures: true }),
    );

    if (props.alarmTopic) {
      const alarm = this.deadLetterQueue
        .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' })
        .createAlarm(this, 'DeadLettersAlarm', {
          alarmDescription: `Samrap ${props.function.catalogName}: messages are waiting in the dead-letter queue`,
          threshold: 0,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        });
      alarm.addAlarmAction(new cwActions.SnsAction(props.alarmTopic));
    }
  }
}

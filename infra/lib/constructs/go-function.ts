import { Duration, RemovalPolicy } from 'aws-cdk-lib/core';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/** Where a function runs in the VPC; absent for LocalStack, where there is no VPC. */
export interface FunctionNetwork {
  readonly vpc: ec2.IVpc;
  readonly subnets: ec2.SubnetSelection;
  readonly securityGroups: readonly ec2.ISecurityGroup[];
}

export interface GoFunctionProps {
  /** The catalogue name (`auth`, `import-worker`, ...); used for the description only. */
  readonly catalogName: string;
  /** The folder holding `bootstrap` (built by `make build`), or a stand-in in tests. */
  readonly code: lambda.Code;
  readonly network?: FunctionNetwork;
  readonly environment?: Readonly<Record<string, string>>;
  /** @default 256 */
  readonly memorySize?: number;
  /** @default 15 seconds */
  readonly timeout?: Duration;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /** Errors and throttles of this function alarm here. */
  readonly alarmTopic?: sns.ITopic;
  /**
   * Attach the AWS Parameters and Secrets Lambda Extension (localhost:2773), through which
   * the Go code reads its secrets. Off where layers cannot be fetched (LocalStack).
   * @default true
   */
  readonly secretsExtension?: boolean;
}

const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;
const CATALOG_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * A Go Lambda with Samrap's defaults: `provided.al2023` on arm64, handler `bootstrap`, its own
 * log group with a retention, and alarms on errors and throttles.
 */
export class GoFunction extends Construct {
  public readonly function: lambda.Function;
  public readonly logGroup: logs.LogGroup;
  public readonly catalogName: string;

  constructor(scope: Construct, id: string, props: GoFunctionProps) {
    super(scope, id);
    if (!CATALOG_NAME.test(props.catalogName)) {
      throw new Error(`GoFunction: "${props.catalogName}" is not a catalogue name`);
    }
    const memorySize = props.memorySize ?? 256;
    if (!Number.isInteger(memorySize) || memorySize < 128 || memorySize > 10240) {
      throw new Error(`GoFunction ${props.catalogName}: memorySize must be 128..10240 MB`);
    }
    const timeout = props.timeout ?? Duration.seconds(15);
    if (timeout.toSeconds() < 1 || timeout.toSeconds() > 900) {
      throw new Error(`GoFunction ${props.catalogName}: timeout must be 1 s..15 min`);
    }
    for (const name of Object.keys(props.environment ?? {})) {
      if (!ENV_NAME.test(name)) throw new Error(`GoFunction ${props.catalogName}: bad variable name "${name}"`);
    }
    this.catalogName = props.catalogName;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });

    this.function = new lambda.Function(this, 'Function', {
      description: `Samrap ${props.catalogName}`,
      runtime: lambda.Runtime.PROVIDED_AL2023,
      architecture: lambda.Architecture.ARM_64,
      handler: 'bootstrap',
      code: props.code,
      memorySize,
      timeout,
      environment: { ...props.environment },
      logGroup: this.logGroup,
      ...((props.secretsExtension ?? true)
        ? {
            paramsAndSecrets: lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103, {
              cacheEnabled: true,
              logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
            }),
          }
        : {}),
      ...(props.network
        ? {
            vpc: props.network.vpc,
            vpcSubnets: props.network.subnets,
            securityGroups: [...props.network.securityGroups],
          }
        : {}),
    });

    if (props.alarmTopic) {
      const action = new cwActions.SnsAction(props.alarmTopic);
      const errors = this.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }).createAlarm(this, 'ErrorsAlarm', {
        alarmDescription: `Samrap ${props.catalogName}: the function returned errors`,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      const throttles = this.function.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }).createAlarm(this, 'ThrottlesAlarm', {
        alarmDescription: `Samrap ${props.catalogName}: invocations were throttled`,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      errors.addAlarmAction(action);
      throttles.addAlarmAction(action);
    }
  }

  /** The asset key of the code (`<sha256>.zip`): changes exactly when the binary changes. */
  public get codeFingerprint(): string {
    const cfn = this.function.node.defaultChild as lambda.CfnFunction;
    const code = cfn.code as lambda.CfnFunction.CodeProperty;
    if (typeof code.s3Key === 'string') return code.s3Key;
    if (typeof code.zipFile === 'string') return code.zipFile;
    throw new Error(`GoFunction ${this.catalogName}: code has no asset key to fingerprint`);
  }
}

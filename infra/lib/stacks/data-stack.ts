import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, Validations, type StackProps } from 'aws-cdk-lib/core';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { FunctionNetwork } from '../constructs/go-function';
import { removalPolicyFor, type LocalDatabase, type Stage, type StageProfile } from '../settings';
import { HL7_PREFIX, HL7_RETENTION_DAYS, UPLOADS_PREFIX } from '../platform';

export const DATABASE_NAME = 'samrap';
const DATABASE_ADMIN = 'samrap_admin';
const POSTGRES_PORT = 5432;

export interface DataStackProps extends StackProps {
  readonly stage: Stage;
  readonly profile: StageProfile;
  /** Explicit AZs: the VPC is built without any context lookup. */
  readonly availabilityZones: readonly string[];
  readonly natGateways: number;
  readonly alarmEmail?: string;
  /** LocalStack: no VPC, Aurora or proxy; a secret describing the compose PostgreSQL. */
  readonly localDatabase?: LocalDatabase;
}

/** What the functions need to know about the database. */
export interface DatabaseAccess {
  readonly secret: secretsmanager.ISecret;
  /** The RDS Proxy endpoint (or the local PostgreSQL host). */
  readonly host: string;
  readonly name: string;
  /** Absent for LocalStack. */
  readonly proxy?: rds.IDatabaseProxy;
}

/**
 * The stateful half of Samrap: network, Aurora PostgreSQL Serverless v2 behind RDS Proxy, the
 * secrets, the uploads and generated-files buckets, and the alarm topic. Termination-protected
 * and retained in prod.
 */
export class DataStack extends Stack {
  public readonly vpc?: ec2.Vpc;
  public readonly network?: FunctionNetwork;
  public readonly cluster?: rds.DatabaseCluster;
  public readonly database: DatabaseAccess;
  public readonly jwtSecret: secretsmanager.Secret;
  /** What CloudFront sends in X-Origin-Verify; the API refuses requests without it. */
  public readonly originSecret: secretsmanager.Secret;
  public readonly uploadsBucket: s3.Bucket;
  public readonly filesBucket: s3.Bucket;
  public readonly alarmTopic: sns.Topic;
  private readonly azs: readonly string[];

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.azs = props.availabilityZones;
    if (props.availabilityZones.length < 2) throw new Error('DataStack: at least two availability zones');
    if (props.profile.minCapacity < 0.5 || props.profile.maxCapacity < props.profile.minCapacity) {
      throw new Error('DataStack: capacity must be 0.5 <= min <= max ACUs');
    }
    const removalPolicy = removalPolicyFor(props.profile);
    const autoDeleteObjects = !props.profile.retainData;

    this.alarmTopic = new sns.Topic(this, 'Alarms', { displayName: `Samrap ${props.stage} alarms`, enforceSSL: true });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const bucketDefaults: s3.BucketProps = {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy,
      autoDeleteObjects,
    };
    // Excel files sent to /upload/*: kept a month for support, then gone; the HL7 v2 messages
    // (hl7/): HL7_RETENTION_DAYS.
    this.uploadsBucket = new s3.Bucket(this, 'Uploads', {
      ...bucketDefaults,
      lifecycleRules: [
        { id: 'expire-uploads', prefix: UPLOADS_PREFIX, expiration: Duration.days(30) },
        // The HL7 v2 messages the feed received: personal data, kept to trace what changed a patient.
        { id: 'expire-hl7-messages', prefix: HL7_PREFIX, expiration: Duration.days(HL7_RETENTION_DAYS) },
        { id: 'abort-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
    // Reports, meal cards, exports, templates and failed-rows workbooks: handed out by
    // short-lived signed URLs, deleted after a day (every prefix).
    this.filesBucket = new s3.Bucket(this, 'Files', {
      ...bucketDefaults,
      lifecycleRules: [
        { id: 'expire-generated-files', expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });

    this.jwtSecret = new secretsmanager.Secret(this, 'JwtKey', {
      description: `Samrap ${props.stage}: HMAC key that signs access tokens`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    new CfnOutput(this, 'JwtSecretArn', { description: 'Secret: the access-token signing key', value: this.jwtSecret.secretArn });
    // CloudFront adds it to every /api request; the functions refuse any request without it,
    // so nobody calls API Gateway's own endpoint posing as another viewer address.
    this.originSecret = new secretsmanager.Secret(this, 'OriginVerify', {
      description: `Samrap ${props.stage}: the header CloudFront adds to every API request (X-Origin-Verify)`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy,
    });
    new CfnOutput(this, 'AlarmTopicArn', { description: 'SNS topic of every alarm', value: this.alarmTopic.topicArn });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName });
    new CfnOutput(this, 'FilesBucketName', { value: this.filesBucket.bucketName });

    if (props.localDatabase) {
      const local = props.localDatabase;
      const secret = new secretsmanager.Secret(this, 'DatabaseSecret', {
        description: 'Samrap LocalStack: the docker-compose PostgreSQL',
        secretObjectValue: {
          username: SecretValue.unsafePlainText(local.username),
          password: SecretValue.unsafePlainText(local.password),
          host: SecretValue.unsafePlainText(local.host),
          port: SecretValue.unsafePlainText(String(local.port)),
          dbname: SecretValue.unsafePlainText(local.name),
          engine: SecretValue.unsafePlainText('postgres'),
        },
        removalPolicy: RemovalPolicy.DESTROY,
      });
      this.database = { secret, host: local.host, name: local.name };
      return;
    }

    const publicSubnets = props.natGateways > 0;
    this.vpc = new ec2.Vpc(this, 'Network', {
      ipAddresses: ec2.IpAddresses.cidr('10.40.0.0/16'),
      availabilityZones: [...props.availabilityZones],
      natGateways: props.natGateways,
      subnetConfiguration: [
        ...(publicSubnets ? [{ name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 }] : []),
        {
          name: 'app',
          subnetType: publicSubnets ? ec2.SubnetType.PRIVATE_WITH_EGRESS : ec2.SubnetType.PRIVATE_ISOLATED,
          cidrMask: 20,
        },
        { name: 'data', subnetType: ec2.SubnetType.PRIVATE_ISOLATED, cidrMask: 24 },
      ],
      gatewayEndpoints: { S3: { service: ec2.GatewayVpcEndpointAwsService.S3, subnets: [{ subnetGroupName: 'app' }] } },
    });
    // Explicit AZs are deliberate: a VPC built from them needs no lookup and no credentials.
    Validations.of(this.vpc).acknowledge({ id: 'CloudFormation-Validate::W3010', reason: 'explicit AZs, no context lookups' });
    const appSubnets: ec2.SubnetSelection = { subnetGroupName: 'app' };
    const dataSubnets: ec2.SubnetSelection = { subnetGroupName: 'data' };

    const functionsSg = new ec2.SecurityGroup(this, 'FunctionsSecurityGroup', {
      vpc: this.vpc,
      description: 'Samrap functions: HTTPS out (AWS endpoints, hospital connectors) and PostgreSQL to the proxy',
      allowAllOutbound: false,
    });
    const proxySg = new ec2.SecurityGroup(this, 'ProxySecurityGroup', {
      vpc: this.vpc,
      description: 'Samrap RDS Proxy: PostgreSQL from the functions only',
      allowAllOutbound: false,
    });
    const databaseSg = new ec2.SecurityGroup(this, 'DatabaseSecurityGroup', {
      vpc: this.vpc,
      description: 'Samrap Aurora: PostgreSQL from the proxy only',
      allowAllOutbound: false,
    });
    const endpointsSg = new ec2.SecurityGroup(this, 'EndpointsSecurityGroup', {
      vpc: this.vpc,
      description: 'Samrap interface endpoints: HTTPS from the functions',
      allowAllOutbound: false,
    });
    functionsSg.addEgressRule(ec2.Peer.anyIpv4(), ec2.Port.tcp(443), 'HTTPS: endpoints, S3 gateway, hospital connectors');
    functionsSg.addEgressRule(proxySg, ec2.Port.tcp(POSTGRES_PORT), 'PostgreSQL to RDS Proxy');
    proxySg.addIngressRule(functionsSg, ec2.Port.tcp(POSTGRES_PORT), 'PostgreSQL from the functions');
    proxySg.addEgressRule(databaseSg, ec2.Port.tcp(POSTGRES_PORT), 'PostgreSQL to Aurora');
    databaseSg.addIngressRule(proxySg, ec2.Port.tcp(POSTGRES_PORT), 'PostgreSQL from RDS Proxy');
    endpointsSg.addIngressRule(functionsSg, ec2.Port.tcp(443), 'HTTPS from the functions');

    // The AWS APIs the functions call, reached without internet: Secrets Manager (database and
    // JWT secrets), SQS (job queues), SES (mail); S3 goes through the gateway endpoint above.
    const endpoints: Array<[string, ec2.InterfaceVpcEndpointAwsService]> = [
      ['SecretsManager', ec2.InterfaceVpcEndpointAwsService.SECRETS_MANAGER],
      ['Sqs', ec2.InterfaceVpcEndpointAwsService.SQS],
      ['Ses', ec2.InterfaceVpcEndpointAwsService.EMAIL],
    ];
    for (const [name, service] of endpoints) {
      this.vpc.addInterfaceEndpoint(name, { service, subnets: appSubnets, securityGroups: [endpointsSg], open: false });
    }

    // The credentials live as long as the cluster does (retained in prod).
    const adminSecret = new rds.DatabaseSecret(this, 'DatabaseAdminSecret', { username: DATABASE_ADMIN });
    adminSecret.applyRemovalPolicy(removalPolicy);
    this.cluster = new rds.DatabaseCluster(this, 'Database', {
      engine: rds.DatabaseClusterEngine.auroraPostgres({ version: rds.AuroraPostgresEngineVersion.VER_16_13 }),
      credentials: rds.Credentials.fromSecret(adminSecret),
      defaultDatabaseName: DATABASE_NAME,
      writer: rds.ClusterInstance.serverlessV2('Writer', { autoMinorVersionUpgrade: true }),
      readers: Array.from({ length: props.profile.readers }, (_, i) =>
        rds.ClusterInstance.serverlessV2(`Reader${i + 1}`, { scaleWithWriter: true, autoMinorVersionUpgrade: true }),
      ),
      serverlessV2MinCapacity: props.profile.minCapacity,
      serverlessV2MaxCapacity: props.profile.maxCapacity,
      vpc: this.vpc,
      vpcSubnets: dataSubnets,
      securityGroups: [databaseSg],
      storageEncrypted: true,
      // 01:00-02:00 and Sunday 02:00-03:00 in Bangkok (UTC+7): the kitchen's quietest hours.
      backup: { retention: props.profile.backupRetention, preferredWindow: '18:00-19:00' },
      preferredMaintenanceWindow: 'Sat:19:00-Sat:20:00',
      deletionProtection: props.profile.retainData,
      removalPolicy: props.profile.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.SNAPSHOT,
      cloudwatchLogsExports: ['postgresql'],
      copyTagsToSnapshot: true,
    });
    // The PostgreSQL log's group, made here with the stage's retention instead of CDK's
    // LogRetention custom resource (a Lambda allowed logs:PutRetentionPolicy on "*"). Aurora
    // creates the group when an instance first exports its log unless it exists, so the
    // instances wait for it.
    const postgresLog = new logs.LogGroup(this, 'DatabasePostgresLogs', {
      logGroupName: `/aws/rds/cluster/${this.cluster.clusterIdentifier}/postgresql`,
      retention: props.profile.logRetention,
      removalPolicy,
    });
    for (const child of this.cluster.node.findAll()) {
      if (child instanceof rds.CfnDBInstance) child.addResourceDependency(postgresLog.node.defaultChild as logs.CfnLogGroup);
    }

    const proxy = new rds.DatabaseProxy(this, 'Proxy', {
      proxyTarget: rds.ProxyTarget.fromCluster(this.cluster),
      secrets: [this.cluster.secret!],
      vpc: this.vpc,
      vpcSubnets: dataSubnets,
      securityGroups: [proxySg],
      requireTLS: true,
      // The functions sign in to the proxy with the secret's password, as the proxy does to
      // Aurora: IAM authentication is off, so no function needs rds-db:connect. One database
      // user for every function is a known limit (docs/deploy.md).
      iamAuth: false,
      idleClientTimeout: Duration.minutes(30),
      maxConnectionsPercent: 90,
      debugLogging: false,
    });

    this.network = { vpc: this.vpc, subnets: appSubnets, securityGroups: [functionsSg] };
    new CfnOutput(this, 'DatabaseSecretArn', { description: 'Secret: the database administrator', value: adminSecret.secretArn });
    new CfnOutput(this, 'DatabaseProxyEndpoint', { value: proxy.endpoint });
    this.database = {
      secret: this.cluster.secret!,
      host: proxy.endpoint,
      name: DATABASE_NAME,
      proxy,
    };

    // Alarms: CPU above 80 % for 15 minutes; connections above 80 % of what the largest
    // instance size allows (Aurora PostgreSQL: memory / 9,531,392 bytes, at most 5,000).
    const action = new cwActions.SnsAction(this.alarmTopic);
    const maxConnections = Math.min(5000, Math.floor((props.profile.maxCapacity * 2 * 1024 ** 3) / 9531392));
    const cpu = this.cluster.metricCPUUtilization({ period: Duration.minutes(5), statistic: 'Average' }).createAlarm(this, 'DatabaseCpuAlarm', {
      alarmDescription: 'Samrap database: CPU above 80 % for 15 minutes',
      threshold: 80,
      evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const connections = this.cluster
      .metricDatabaseConnections({ period: Duration.minutes(5), statistic: 'Maximum' })
      .createAlarm(this, 'DatabaseConnectionsAlarm', {
        alarmDescription: `Samrap database: more than ${Math.floor(maxConnections * 0.8)} connections`,
        threshold: Math.floor(maxConnections * 0.8),
        evaluationPeriods: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    cpu.addAlarmAction(action);
    connections.addAlarmAction(action);
  }

  /** The explicit AZ list: never a context lookup, with or without an account. */
  public override get availabilityZones(): string[] {
    return [...(this.azs ?? [])];
  }
}

import { Duration, Stack, type StackProps } from 'aws-cdk-lib/core';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { httpEntries, pascalCase, type Catalog } from '../catalog';
import { ApiArea } from '../constructs/api-area';
import { functionProps, grantUses, type FunctionPlatform } from '../platform';

export interface ApiStackProps extends StackProps {
  readonly catalog: Catalog;
  readonly platform: FunctionPlatform;
  /** Queues owned by the workers, for `queue:<name>` uses of http functions. */
  readonly queues: ReadonlyMap<string, sqs.IQueue>;
}

/** The HTTP API: one Lambda per http entry of the catalogue, with the routes it lists. */
export class ApiStack extends Stack {
  public readonly httpApi: apigwv2.HttpApi;
  public readonly areas: ReadonlyMap<string, ApiArea>;
  /** `<id>.execute-api.<region>.amazonaws.com`: the origin CloudFront sends `/api/*` to. */
  public readonly apiDomainName: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const entries = httpEntries(props.catalog);
    if (entries.length === 0) throw new Error('ApiStack: the catalogue has no http function');
    const { platform } = props;

    this.httpApi = new apigwv2.HttpApi(this, 'Api', {
      description: `Samrap ${platform.stage} API`,
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: platform.logRetention,
      removalPolicy: platform.removalPolicy,
    });
    // `$default`: paths arrive whole (`/api/...`), as CloudFront forwards them.
    new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: platform.profile.apiRateLimit, burstLimit: platform.profile.apiBurstLimit },
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLogs) },
    });
    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    const areas = new Map<string, ApiArea>();
    for (const entry of entries) {
      const area = new ApiArea(this, pascalCase(entry.name), {
        httpApi: this.httpApi,
        routes: entry.routes,
        function: functionProps(entry, platform, { memorySize: 512, timeout: Duration.seconds(20) }),
      });
      grantUses(area.goFunction, entry, platform, props.queues);
      areas.set(entry.name, area);
    }
    this.areas = areas;

    // 5xx rate above 5 % for 10 minutes, once there is traffic enough to mean something.
    const rate = new cloudwatch.MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: this.httpApi.metricServerError({ statistic: 'Sum' }),
        requests: this.httpApi.metricCount({ statistic: 'Sum' }),
      },
      period: Duration.minutes(5),
      label: 'API 5xx rate (%)',
    });
    rate
      .createAlarm(this, 'ServerErrorRateAlarm', {
        alarmDescription: `Samrap ${platform.stage} API: more than 5 % of requests answered 5xx`,
        threshold: 5,
        evaluationPeriods: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      })
      .addAlarmAction(new cwActions.SnsAction(platform.alarmTopic));
  }
}

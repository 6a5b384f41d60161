import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib/core';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import securityHeaders from '../../../functions/security-headers.json';

/**
 * The security headers of every answer, defined once in `functions/security-headers.json`
 * (functions/local sends the same ones, so the browser tests run under this CSP). Everything
 * comes from our own origin (the API is `/api/*` on the same distribution); Ant Design's
 * CSS-in-JS needs inline styles; the camera scanner needs `blob:` media. Downloads of
 * generated files are navigations to signed S3 URLs, which CSP does not restrict.
 */
export const SECURITY_HEADERS = securityHeaders;

export const DEFAULT_CONTENT_SECURITY_POLICY = securityHeaders.contentSecurityPolicy.join('; ');

function enumValue<T extends Record<string, string>>(e: T, value: string, what: string): T[keyof T] {
  const found = Object.values(e).find((v) => v === value);
  if (found === undefined) throw new Error(`functions/security-headers.json: ${what} ${JSON.stringify(value)} is not one CloudFront knows`);
  return found as T[keyof T];
}

/**
 * Every path that does not name a file (no dot in its last segment) is a route of the single
 * page app: answer it with /index.html. Runs only on the default behaviour, so `/api/*` answers
 * (404s included) reach the browser untouched.
 */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** The CloudFront actions BucketDeployment grants on "*" when it invalidates a distribution. */
const INVALIDATION_ACTIONS = ['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation'];

/**
 * The role of CDK's bucket-deployment handler. BucketDeployment grants the invalidation
 * actions on `Resource: "*"`; both accept a distribution ARN, so this role narrows exactly
 * that statement to our distribution and takes every other grant as it comes.
 */
class DeploymentHandlerRole extends iam.Role {
  private readonly distributionArn: string;

  constructor(scope: Construct, id: string, distribution: cloudfront.IDistribution) {
    super(scope, id, {
      description: 'Samrap web: copies web/dist to the site bucket and invalidates the distribution',
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    this.distributionArn = distribution.distributionArn;
  }

  public override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    const invalidation =
      statement.actions.length > 0 &&
      statement.actions.every((a) => INVALIDATION_ACTIONS.includes(a)) &&
      statement.resources.length === 1 &&
      statement.resources[0] === '*';
    return super.addToPrincipalPolicy(
      invalidation
        ? new iam.PolicyStatement({ effect: statement.effect, actions: statement.actions, resources: [this.distributionArn] })
        : statement,
    );
  }
}

export interface SpaSiteProps {
  /** The built app (`web/dist`); none = no content deployed (synth without a web build). */
  readonly assetsPath?: string;
  /** Domain of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`), served at `/api/*`. */
  readonly apiDomainName: string;
  /** Headers CloudFront adds to every request it forwards to the API. */
  readonly apiOriginHeaders?: Record<string, string>;
  readonly contentSecurityPolicy?: string;
  readonly domain?: { readonly name: string; readonly certificate: acm.ICertificate };
}

/**
 * The React app on a private S3 bucket behind CloudFront with origin access control, the API on
 * the same distribution under `/api/*` (never cached; authorization, language and query
 * forwarded), the SPA fallback for every other path and security headers on every answer.
 */
export class SpaSite extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly distribution: cloudfront.Distribution;
  public readonly securityHeaders: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SpaSiteProps) {
    super(scope, id);
    const csp = props.contentSecurityPolicy ?? DEFAULT_CONTENT_SECURITY_POLICY;
    if (!/frame-ancestors/.test(csp) || /[\r\n]/.test(csp)) {
      throw new Error('SpaSite: the Content-Security-Policy must be one line and set frame-ancestors');
    }
    if (props.apiDomainName.includes('/') || props.apiDomainName.includes(':')) {
      throw new Error('SpaSite: apiDomainName is a host name, without scheme or path');
    }

    this.bucket = new s3.Bucket(this, 'Bucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // The content is rebuilt from the repository on every deploy: never worth retaining.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    this.securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Samrap security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(securityHeaders.strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: securityHeaders.strictTransportSecurity.includeSubdomains,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        frameOptions: { frameOption: enumValue(cloudfront.HeadersFrameOption, securityHeaders.frameOptions, 'frameOptions'), override: true },
        // CloudFront's only value: nosniff
        contentTypeOptions: { override: securityHeaders.contentTypeOptions === 'nosniff' },
        referrerPolicy: {
          referrerPolicy: enumValue(cloudfront.HeadersReferrerPolicy, securityHeaders.referrerPolicy, 'referrerPolicy'),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: securityHeaders.permissionsPolicy, override: true }],
      },
    });

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Samrap: app routes answer /index.html',
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Samrap web app and API',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Edge locations in Asia (Thailand) are in price class 200, not 100.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: props.domain.certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            readTimeout: Duration.seconds(30),
            customHeaders: props.apiOriginHeaders,
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host (API Gateway needs its own): Authorization and
          // Accept-Language included, with every query string and cookie.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.securityHeaders,
          compress: true,
        },
      },
    });

    if (props.assetsPath === undefined) {
      Annotations.of(this).addWarningV2(
        'samrap:web-dist-missing',
        'web/dist was not found: the web bucket is created empty and no content is deployed. Build the web app (make web) before deploying.',
      );
      return;
    }
    // Hashed assets first, cached for a year; then index.html, never cached, so a browser
    // never loads an index that names assets not yet uploaded. Both share one handler (same
    // memory), and so one role.
    const role = new DeploymentHandlerRole(this, 'DeployRole', this.distribution);
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      role,
      sources: [s3deploy.Source.asset(props.assetsPath, { exclude: ['index.html'] })],
      destinationBucket: this.bucket,
      exclude: ['index.html'],
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const index = new s3deploy.BucketDeployment(this, 'DeployIndex', {
      role,
      sources: [s3deploy.Source.asset(props.assetsPath, { exclude: ['*', '!index.html'] })],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    index.node.addDependency(assets);
  }
}

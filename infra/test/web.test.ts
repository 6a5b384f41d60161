/** CloudFront: the web app from a private bucket, the API under /api/*, security headers. */
import assert from 'node:assert/strict';
import * as vm from 'node:vm';
import { before, describe, it } from 'node:test';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { resources, sharedSynth, type Synthesized } from './helpers';
import { SECURITY_HEADERS } from '../lib/constructs/spa-site';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

describe('web stack', () => {
  let s: Synthesized;
  let bare: Synthesized;
  before(() => {
    s = sharedSynth({
      stage: 'prod',
      catalog: 'real',
      web: true,
      settings: {
        domain: {
          name: 'samrap.example-hospital.co.th',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-1111-2222-3333-444455556666',
        },
      },
    });
    bare = sharedSynth({ stage: 'dev', catalog: 'real', web: false });
  });

  const distribution = (t = s.web) => Object.values(resources(t, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;

  it('serves the app from a private bucket through origin access control', () => {
    const config = distribution();
    const origin = config.Origins.find((o: any) => o.S3OriginConfig);
    assert.ok(origin.OriginAccessControlId, 'OAC, not a public website endpoint');
    assert.equal(origin.S3OriginConfig.OriginAccessIdentity, '');
    s.web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    s.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('sends /api/* to the HTTP API uncached, forwarding authorization, language and query', () => {
    const config = distribution();
    assert.equal(config.CacheBehaviors.length, 1);
    const api = config.CacheBehaviors[0];
    assert.equal(api.PathPattern, '/api/*');
    assert.equal(api.CachePolicyId, CACHING_DISABLED);
    assert.equal(api.OriginRequestPolicyId, ALL_VIEWER_EXCEPT_HOST);
    assert.deepEqual(api.AllowedMethods.sort(), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    assert.equal(api.ViewerProtocolPolicy, 'https-only');
    const origin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    assert.equal(origin.CustomOriginConfig.OriginProtocolPolicy, 'https-only');
    assert.match(JSON.stringify(origin.DomainName), /execute-api/);
    assert.match(JSON.stringify(origin.DomainName), /Samrap-prod-Api/, 'the API stack\'s HTTP API');
  });

  it('adds the origin secret to every API request, as a deploy-time reference, never its value', () => {
    const config = distribution();
    const api = config.CacheBehaviors[0];
    const origin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    const header = origin.OriginCustomHeaders.find((h: any) => h.HeaderName === 'X-Origin-Verify');
    assert.ok(header, JSON.stringify(origin.OriginCustomHeaders));
    const value = JSON.stringify(header.HeaderValue);
    assert.match(value, /\{\{resolve:secretsmanager:/, 'a dynamic reference');
    assert.match(value, /OriginVerify/, 'to the Data stack\'s origin secret');
  });

  it('answers every other path with the SPA, cached, through the fallback function', () => {
    const config = distribution();
    const def = config.DefaultCacheBehavior;
    assert.equal(def.CachePolicyId, CACHING_OPTIMIZED);
    assert.equal(def.ViewerProtocolPolicy, 'redirect-to-https');
    assert.equal(config.DefaultRootObject, 'index.html');
    assert.equal(def.FunctionAssociations[0].EventType, 'viewer-request');
    assert.equal(config.CustomErrorResponses, undefined, 'no error-page fallback that would swallow API errors');

    const fn = Object.values(resources(s.web, 'AWS::CloudFront::Function'))[0].Properties;
    assert.equal(fn.FunctionConfig.Runtime, 'cloudfront-js-2.0');
    const handler = vm.runInNewContext(`${fn.FunctionCode}; handler`);
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    assert.equal(rewrite('/'), '/index.html');
    assert.equal(rewrite('/orders/42'), '/index.html');
    assert.equal(rewrite('/login'), '/index.html');
    assert.equal(rewrite('/assets/app-1a2b.js'), '/assets/app-1a2b.js');
    assert.equal(rewrite('/favicon.svg'), '/favicon.svg');
  });

  it('adds HSTS, CSP, frame and content-type headers to every answer', () => {
    const policies = resources(s.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const [policyId, policy] = Object.entries(policies)[0];
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    assert.ok(headers.StrictTransportSecurity.AccessControlMaxAgeSec >= 31536000);
    assert.equal(headers.StrictTransportSecurity.IncludeSubdomains, true);
    assert.match(headers.ContentSecurityPolicy.ContentSecurityPolicy, /default-src 'self'/);
    assert.match(headers.ContentSecurityPolicy.ContentSecurityPolicy, /frame-ancestors 'none'/);
    assert.doesNotMatch(headers.ContentSecurityPolicy.ContentSecurityPolicy, /script-src[^;]*unsafe/);
    assert.equal(headers.FrameOptions.FrameOption, 'DENY');
    assert.equal(headers.ContentTypeOptions.Override, true);
    // the one definition functions/local also serves (functions/security-headers.json)
    assert.equal(headers.ContentSecurityPolicy.ContentSecurityPolicy, SECURITY_HEADERS.contentSecurityPolicy.join('; '));
    assert.equal(headers.StrictTransportSecurity.AccessControlMaxAgeSec, SECURITY_HEADERS.strictTransportSecurity.maxAgeSeconds);
    assert.equal(headers.ReferrerPolicy.ReferrerPolicy, SECURITY_HEADERS.referrerPolicy);
    assert.deepEqual(policy.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items, [
      { Header: 'Permissions-Policy', Value: SECURITY_HEADERS.permissionsPolicy, Override: true },
    ]);
    const config = distribution();
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      assert.equal(refTarget(behaviour.ResponseHeadersPolicyId), policyId);
    }
  });

  it('uses the custom domain and its certificate when given', () => {
    const config = distribution();
    assert.deepEqual(config.Aliases, ['samrap.example-hospital.co.th']);
    assert.equal(config.ViewerCertificate.MinimumProtocolVersion, 'TLSv1.2_2021');
    assert.equal(config.ViewerCertificate.SslSupportMethod, 'sni-only');
  });

  it('deploys web/dist: hashed assets cached for a year, then index.html uncached with an invalidation', () => {
    const deployments = Object.values(resources(s.web, 'Custom::CDKBucketDeployment'));
    assert.equal(deployments.length, 2);
    const index = deployments.find((d) => d.Properties.DistributionPaths);
    const assets = deployments.find((d) => !d.Properties.DistributionPaths);
    assert.ok(index && assets);
    assert.deepEqual(index.Properties.SystemMetadata, { 'cache-control': 'no-cache' });
    assert.equal(index.Properties.Prune, false);
    assert.deepEqual(assets.Properties.SystemMetadata, { 'cache-control': 'public, max-age=31536000, immutable' });
    assert.deepEqual(assets.Properties.Exclude, ['index.html'], 'the assets deployment never prunes index.html');
    assert.ok(asArray(index.DependsOn).some((d) => String(d).startsWith('SiteDeployAssets')), 'index after assets');
  });

  // BucketDeployment grants the invalidation on "*"; both actions accept the distribution ARN.
  it('lets the deployment handler invalidate only this distribution', () => {
    const handlers = Object.values(resources(s.web, 'AWS::Lambda::Function')).filter((f) =>
      JSON.stringify(f.Properties.Layers ?? []).includes('AwsCliLayer'),
    );
    assert.equal(handlers.length, 1, 'one handler for both deployments');
    const role = refTarget(handlers[0].Properties.Role);
    const statements = Object.values(resources(s.web, 'AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: any) => refTarget(r) === role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const invalidation = statements.filter((st: any) => JSON.stringify(st.Action).includes('cloudfront:'));
    assert.equal(invalidation.length, 1);
    assert.deepEqual(invalidation[0].Action, ['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation']);
    const distributionId = Object.keys(resources(s.web, 'AWS::CloudFront::Distribution'))[0];
    assert.deepEqual(invalidation[0].Resource, {
      'Fn::Join': ['', ['arn:aws:cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: distributionId }]],
    });
  });

  it('skips the content, with a warning, when web/dist is missing', () => {
    bare.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
    bare.web.resourceCountIs('AWS::CloudFront::Distribution', 1);
    Annotations.fromStack(bare.stacks.web).hasWarning('*', Match.stringLikeRegexp('web/dist was not found'));
  });
});

function refTarget(value: any): string | undefined {
  return value?.Ref ?? value?.['Fn::GetAtt']?.[0];
}

function asArray(value: unknown): unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib/core';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { SpaSite } from '../constructs/spa-site';

export interface WebStackProps extends StackProps {
  readonly apiDomainName: string;
  /** Sent to the API in X-Origin-Verify (the functions refuse requests without it). */
  readonly apiOriginSecret?: secretsmanager.ISecret;
  /** `web/dist`, when it exists. */
  readonly assetsPath?: string;
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  readonly contentSecurityPolicy?: string;
}

/** The web app and the one public entry point: CloudFront, with the API under `/api/*`. */
export class WebStack extends Stack {
  public readonly site: SpaSite;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    this.site = new SpaSite(this, 'Site', {
      apiDomainName: props.apiDomainName,
      // a CloudFormation dynamic reference, resolved at deploy: the value is never in the template
      apiOriginHeaders: props.apiOriginSecret ? { 'X-Origin-Verify': props.apiOriginSecret.secretValue.unsafeUnwrap() } : undefined,
      assetsPath: props.assetsPath,
      contentSecurityPolicy: props.contentSecurityPolicy,
      domain: props.domain
        ? {
            name: props.domain.name,
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
          }
        : undefined,
    });
    new CfnOutput(this, 'Url', {
      description: 'Where Samrap answers',
      value: `https://${props.domain?.name ?? this.site.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point the DNS name (CNAME or alias) here',
      value: this.site.distribution.distributionDomainName,
    });
  }
}

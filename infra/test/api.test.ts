/** The API stack against the repository's own catalogue: one Lambda per http entry, its routes. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { Match } from 'aws-cdk-lib/assertions';
import { httpEntries, parseCatalog } from '../lib/catalog';
import { FULL_CATALOG, functionNamed, goFunctions, realCatalog, refTarget, resources, sharedSynth, synthesize, type Synthesized } from './helpers';

for (const [label, which, catalog] of [
  ['the repository catalogue', 'real', realCatalog()],
  ['a catalogue with every kind', 'full', FULL_CATALOG],
] as const) {
  describe(`api stack from ${label}`, () => {
    let s: Synthesized;
    before(() => {
      s = sharedSynth({ stage: 'dev', catalog: which, web: false });
    });

    it('has one Go Lambda per http entry, arm64 on provided.al2023 with handler bootstrap', () => {
      const fns = goFunctions(s.api);
      assert.equal(Object.keys(fns).length, httpEntries(catalog).length);
      for (const entry of httpEntries(catalog)) {
        const fn = fns[functionNamed(s.api, entry.name)].Properties;
        assert.deepEqual(fn.Architectures, ['arm64']);
        assert.equal(fn.Runtime, 'provided.al2023');
        assert.equal(fn.Handler, 'bootstrap');
        assert.ok(fn.VpcConfig?.SubnetIds, `${entry.name} runs in the VPC`);
        assert.ok(fn.LoggingConfig?.LogGroup, `${entry.name} logs to its own log group`);
      }
    });

    it('routes exactly the catalogue, each to the function of its entry', () => {
      const integrations = resources(s.api, 'AWS::ApiGatewayV2::Integration');
      const routes = Object.values(resources(s.api, 'AWS::ApiGatewayV2::Route'));
      const expected = httpEntries(catalog).flatMap((e) => e.routes.map((r) => `${r.method} ${r.path} -> ${e.name}`));
      const actual = routes.map((route) => {
        const target = route.Properties.Target['Fn::Join'][1][1];
        const integration = integrations[refTarget(target)!].Properties;
        assert.equal(integration.IntegrationType, 'AWS_PROXY');
        assert.equal(integration.PayloadFormatVersion, '2.0');
        const fnId = refTarget(integration.IntegrationUri)!;
        const name = (goFunctions(s.api)[fnId].Properties.Description as string).replace('Samrap ', '');
        return `${route.Properties.RouteKey} -> ${name}`;
      });
      assert.deepEqual(actual.sort(), expected.sort());
    });

    it('lets API Gateway invoke each function through one API-scoped permission', () => {
      const permissions = Object.values(resources(s.api, 'AWS::Lambda::Permission'));
      assert.equal(permissions.length, httpEntries(catalog).length);
      for (const p of permissions) {
        assert.equal(p.Properties.Principal, 'apigateway.amazonaws.com');
        assert.deepEqual(p.Properties.SourceArn['Fn::Join'][1].slice(-1), ['/*/*/*']);
      }
    });

    it('serves the $default stage with throttling and access logs', () => {
      s.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
      });
    });

    it('alarms on the 5xx rate of the API', () => {
      s.api.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Metrics: Match.arrayWith([
          Match.objectLike({ Expression: Match.stringLikeRegexp('errors / requests') }),
          Match.objectLike({ MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: '5xx' }) }) }),
        ]),
        AlarmActions: Match.anyValue(),
      });
    });
  });
}

describe('api stack refusals', () => {
  it('refuses a catalogue without http functions', () => {
    assert.throws(
      () => synthesize({ catalog: parseCatalog({ functions: [{ name: 'migrate', kind: 'custom-resource' }] }) }),
      /no http function/,
    );
  });
});

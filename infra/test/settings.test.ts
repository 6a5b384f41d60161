/** Settings that would synthesize but misbehave are refused; LocalStack mode has no VPC. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mailAddress, validateSettings } from '../lib/settings';
import { FULL_CATALOG, goFunctions, resources, settings, synthesize } from './helpers';

describe('settings', () => {
  it('accepts a plain sender or one with a display name', () => {
    assert.equal(mailAddress('no-reply@samrap.example.org'), 'no-reply@samrap.example.org');
    assert.equal(mailAddress('Samrap <no-reply@samrap.example.org>'), 'no-reply@samrap.example.org');
    assert.throws(() => mailAddress('Samrap'), /not an e-mail address/);
  });

  const refused: Array<[string, Parameters<typeof settings>[1], RegExp]> = [
    ['one AZ', { availabilityZones: ['ap-southeast-1a'] }, /at least two availability zones/],
    ['an AZ of another region', { availabilityZones: ['ap-southeast-1a', 'us-east-1b'] }, /not in ap-southeast-1/],
    ['a sender that is no address', { mailFrom: 'nobody' }, /not an e-mail address/],
    ['a certificate outside us-east-1', { domain: { name: 'samrap.example.org', certificateArn: 'arn:aws:acm:ap-southeast-1:123456789012:certificate/abc-1' } }, /us-east-1/],
    ['a public URL with a path', { publicUrl: 'https://samrap.example.org/app' }, /without a path/],
    ['more NAT gateways than AZs', { natGateways: 3 }, /natGateways/],
    ['a malformed account', { account: '1234' }, /account id/],
  ];
  for (const [what, overrides, message] of refused) {
    it(`refuses ${what}`, () => assert.throws(() => validateSettings(settings('dev', overrides)), message));
  }
});

describe('LocalStack mode', () => {
  it('synthesizes without VPC, Aurora, proxy or extension layer; the functions reach the compose PostgreSQL', () => {
    const s = synthesize({
      stage: 'dev',
      catalog: FULL_CATALOG,
      settings: { localstack: { host: 'postgres', port: 5432, name: 'samrap', username: 'samrap', password: 'samrap' } },
    });
    for (const type of ['AWS::EC2::VPC', 'AWS::RDS::DBCluster', 'AWS::RDS::DBProxy']) s.data.resourceCountIs(type, 0);
    for (const t of [s.api, s.workers]) {
      for (const [id, fn] of Object.entries(goFunctions(t))) {
        assert.equal(fn.Properties.VpcConfig, undefined, id);
        assert.equal(fn.Properties.Layers, undefined, id);
        assert.equal(fn.Properties.Environment.Variables.DATABASE_HOST, 'postgres', id);
      }
    }
    assert.equal(Object.keys(resources(s.workers, 'AWS::SQS::Queue')).length, 4);
  });
});

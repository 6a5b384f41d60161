/**
 * How bin/app.ts reads its settings (settingsFrom); settings that would synthesize but
 * misbehave are refused; LocalStack mode has no VPC.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mailAddress, SettingsError, settingsFrom, validateSettings } from '../lib/settings';
import { goFunctions, resources, settings, sharedSynth } from './helpers';

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

describe('settingsFrom: the settings of bin/app.ts from its context and environment', () => {
  /** settingsFrom with `-c` context `context` and environment `env`. */
  const from = (context: Record<string, unknown>, env: Record<string, string> = {}) => settingsFrom((key) => context[key], env);
  /** The refusal settingsFrom throws, as bin/app.ts would print it. */
  const refusal = (context: Record<string, unknown>, env: Record<string, string> = {}): string => {
    try {
      from(context, env);
    } catch (err) {
      assert.ok(err instanceof SettingsError, String(err));
      return err.message;
    }
    assert.fail('no refusal');
  };

  it('synthesizes dev in ap-southeast-1 by default, with placeholders it warns about', () => {
    const run = from({});
    assert.equal(run.forDeploy, false);
    assert.deepEqual(run.settings, {
      stage: 'dev',
      region: 'ap-southeast-1',
      account: undefined,
      availabilityZones: ['ap-southeast-1a', 'ap-southeast-1b'],
      mailFrom: 'no-reply@samrap.invalid',
      alarmEmail: undefined,
      domain: undefined,
      publicUrl: undefined,
      natGateways: 0,
      localstack: undefined,
    });
    assert.equal(run.warnings.length, 2);
    assert.match(run.warnings[0], /placeholder no-reply@samrap\.invalid/);
    assert.match(run.warnings[1], /no publicUrl or domain/);
  });

  // The CDK CLI sets CDK_DEFAULT_REGION to the credentials' region, or to us-east-1.
  it('ignores the CLI default region; SAMRAP_REGION wins over it, and -c region over SAMRAP_REGION', () => {
    const cliDefault = { CDK_DEFAULT_REGION: 'us-east-1', AWS_REGION: 'us-east-1' };
    assert.equal(from({}, cliDefault).settings.region, 'ap-southeast-1');
    const samrap = from({}, { ...cliDefault, SAMRAP_REGION: 'ap-southeast-2' }).settings;
    assert.equal(samrap.region, 'ap-southeast-2');
    assert.deepEqual(samrap.availabilityZones, ['ap-southeast-2a', 'ap-southeast-2b']);
    assert.equal(from({ region: 'eu-west-1' }, { ...cliDefault, SAMRAP_REGION: 'ap-southeast-2' }).settings.region, 'eu-west-1');
  });

  it('takes -c context before the environment, and neither when empty', () => {
    assert.equal(from({ stage: 'uat' }, { SAMRAP_STAGE: 'prod' }).settings.stage, 'uat');
    assert.equal(from({ stage: '' }, { SAMRAP_STAGE: 'prod' }).settings.stage, 'prod');
    assert.equal(from({}, { SAMRAP_STAGE: '' }).settings.stage, 'dev');
    assert.equal(from({ natGateways: 2 }).settings.natGateways, 2);
    assert.equal(from({}, { SAMRAP_NAT_GATEWAYS: '1' }).settings.natGateways, 1);
    assert.deepEqual(from({ availabilityZones: 'ap-southeast-1b, ap-southeast-1c' }).settings.availabilityZones, ['ap-southeast-1b', 'ap-southeast-1c']);
  });

  it('takes the account from the credentials (CDK_DEFAULT_ACCOUNT) unless one is set', () => {
    assert.equal(from({}, { CDK_DEFAULT_ACCOUNT: '111111111111' }).settings.account, '111111111111');
    assert.equal(from({ account: '222222222222' }, { CDK_DEFAULT_ACCOUNT: '111111111111' }).settings.account, '222222222222');
  });

  it('reads a deploy with its sender, alarm address and domain without warnings', () => {
    const run = from({
      requireBuild: 'true',
      stage: 'prod',
      mailFrom: 'no-reply@samrap.example.org',
      alarmEmail: 'ops@samrap.example.org',
      domain: 'samrap.example.org',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-1',
    });
    assert.equal(run.forDeploy, true);
    assert.deepEqual(run.warnings, []);
    assert.equal(run.settings.mailFrom, 'no-reply@samrap.example.org');
    assert.equal(run.settings.alarmEmail, 'ops@samrap.example.org');
    assert.deepEqual(run.settings.domain, { name: 'samrap.example.org', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-1' });
  });

  it('reads LocalStack mode: the compose PostgreSQL, no sender needed for its deploy', () => {
    const run = from({ localstack: 'true', requireBuild: 'true' }, { SAMRAP_LOCAL_DATABASE_HOST: 'db' });
    assert.deepEqual(run.settings.localstack, { host: 'db', port: 5432, name: 'samrap', username: 'samrap', password: 'samrap' });
    assert.equal(run.settings.mailFrom, 'no-reply@samrap.invalid');
    assert.ok(!run.warnings.some((w) => /publicUrl/.test(w)), 'LocalStack needs no public URL');
  });

  it('refuses an unknown stage', () => {
    assert.equal(refusal({}, { SAMRAP_STAGE: 'staging' }), 'stage must be one of dev, uat, prod, not "staging"');
  });

  it('refuses to deploy without an SES sender', () => {
    assert.match(refusal({}, { SAMRAP_REQUIRE_BUILD: 'true' }), /set the SES sender/);
  });

  it('refuses to deploy prod without an alarm e-mail', () => {
    const env = { SAMRAP_REQUIRE_BUILD: 'true', SAMRAP_STAGE: 'prod', SAMRAP_MAIL_FROM: 'no-reply@samrap.example.org' };
    assert.match(refusal({}, env), /alarmEmail/);
    assert.doesNotThrow(() => from({}, { ...env, SAMRAP_STAGE: 'uat' }), 'only prod');
  });

  it('refuses a domain without its certificate, and a certificate without its domain', () => {
    assert.match(refusal({ domain: 'samrap.example.org' }), /domain and certificateArn go together/);
    assert.match(refusal({}, { SAMRAP_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-1' }), /go together/);
  });
});

describe('LocalStack mode', () => {
  it('synthesizes without VPC, Aurora, proxy or extension layer; the functions reach the compose PostgreSQL', () => {
    // (The same app as grants.test.ts's; web/dist changes only the web stack, not read here.)
    const s = sharedSynth({
      stage: 'dev',
      catalog: 'full',
      web: true,
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
    assert.equal(Object.keys(resources(s.workers, 'AWS::SQS::Queue')).length, 6); // three queues, each with its DLQ
  });
});

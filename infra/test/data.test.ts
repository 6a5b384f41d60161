/** The data stack and the security facts that hold for every bucket, queue and stack. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { Match } from 'aws-cdk-lib/assertions';
import { HL7_RETENTION_DAYS } from '../lib/platform';
import { asArray, refTarget, resources, sharedSynth, synthesize, type Synthesized } from './helpers';

describe('data stack', () => {
  let dev: Synthesized;
  let prod: Synthesized;
  before(() => {
    dev = sharedSynth({ stage: 'dev', catalog: 'real', web: false });
    prod = sharedSynth({ stage: 'prod', catalog: 'full', web: true });
  });

  it('runs Aurora PostgreSQL Serverless v2, encrypted, in the private data subnets', () => {
    for (const s of [dev, prod]) {
      s.data.hasResourceProperties('AWS::RDS::DBCluster', {
        Engine: 'aurora-postgresql',
        EngineVersion: Match.stringLikeRegexp('^1[5-9]\\.'),
        StorageEncrypted: true,
        ServerlessV2ScalingConfiguration: { MinCapacity: 0.5, MaxCapacity: Match.anyValue() },
        DatabaseName: 'samrap',
      });
      const instances = Object.values(resources(s.data, 'AWS::RDS::DBInstance'));
      assert.ok(instances.length >= 1);
      for (const i of instances) {
        assert.equal(i.Properties.DBInstanceClass, 'db.serverless');
        assert.equal(i.Properties.PubliclyAccessible, false);
      }
    }
    assert.equal(Object.keys(resources(prod.data, 'AWS::RDS::DBInstance')).length, 2, 'prod has a reader to fail over to');
  });

  it('puts RDS Proxy in front, TLS required, reachable only from the functions', () => {
    dev.data.hasResourceProperties('AWS::RDS::DBProxy', { EngineFamily: 'POSTGRESQL', RequireTLS: true });
    const proxy = Object.values(resources(dev.data, 'AWS::RDS::DBProxy'))[0];
    const proxySg = proxy.Properties.VpcSecurityGroupIds[0]['Fn::GetAtt'][0];
    const ingress = Object.values(resources(dev.data, 'AWS::EC2::SecurityGroupIngress')).filter(
      (r) => r.Properties.GroupId['Fn::GetAtt'][0] === proxySg,
    );
    assert.equal(ingress.length, 1);
    assert.equal(ingress[0].Properties.FromPort, 5432);
    assert.ok(ingress[0].Properties.SourceSecurityGroupId, 'from a security group, not a CIDR');
    for (const sg of Object.values(resources(dev.data, 'AWS::EC2::SecurityGroup'))) {
      for (const rule of sg.Properties.SecurityGroupIngress ?? []) {
        assert.notEqual(rule.CidrIp, '0.0.0.0/0', 'nothing open to the internet');
      }
    }
  });

  it('builds the VPC from explicit AZs with private subnets and the endpoints the functions use', () => {
    const subnets = Object.values(resources(dev.data, 'AWS::EC2::Subnet'));
    assert.deepEqual([...new Set(subnets.map((s) => s.Properties.AvailabilityZone))].sort(), ['ap-southeast-1a', 'ap-southeast-1b']);
    assert.ok(subnets.every((s) => s.Properties.MapPublicIpOnLaunch === false), 'no public subnets without NAT');
    dev.data.resourceCountIs('AWS::EC2::NatGateway', 0);
    dev.data.resourceCountIs('AWS::EC2::InternetGateway', 0);
    const services = Object.values(resources(dev.data, 'AWS::EC2::VPCEndpoint')).map((e) => JSON.stringify(e.Properties.ServiceName));
    for (const service of ['secretsmanager', 'sqs', 'email', 's3']) {
      assert.ok(services.some((s) => s.includes(`.${service}`)), `endpoint for ${service}`);
    }
  });

  it('adds NAT and public subnets only when asked (hospital connectors)', () => {
    const withNat = synthesize({ stage: 'uat', settings: { natGateways: 1 } });
    withNat.data.resourceCountIs('AWS::EC2::NatGateway', 1);
  });

  it('keeps the JWT key and database credentials in Secrets Manager', () => {
    dev.data.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
    });
    dev.data.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ SecretStringTemplate: Match.stringLikeRegexp('samrap_admin') }),
    });
  });

  it('expires generated files after a day and uploads after a month', () => {
    const rules = Object.values(resources(dev.data, 'AWS::S3::Bucket')).map((b) => b.Properties.LifecycleConfiguration?.Rules ?? []);
    assert.ok(rules.some((r) => r.some((rule: any) => rule.ExpirationInDays === 1 && rule.Prefix === undefined)), 'files: 1 day');
    assert.ok(rules.some((r) => r.some((rule: any) => rule.ExpirationInDays === 30 && rule.Prefix === 'uploads/')), 'uploads: 30 days');
    assert.ok(rules.some((r) => r.some((rule: any) => rule.ExpirationInDays === HL7_RETENTION_DAYS && rule.Prefix === 'hl7/')), 'HL7 messages: their retention');
  });

  it('retains data and protects stacks in prod only', () => {
    for (const [, t] of prod.all) {
      for (const type of ['AWS::RDS::DBCluster', 'AWS::S3::Bucket', 'AWS::SecretsManager::Secret', 'AWS::Logs::LogGroup']) {
        for (const [id, r] of Object.entries(resources(t, type))) {
          if (id.startsWith('SiteBucket')) continue; // the web bucket is rebuilt from the repository
          assert.equal(r.DeletionPolicy, 'Retain', `${type} ${id} retained in prod`);
        }
      }
    }
    prod.data.hasResourceProperties('AWS::RDS::DBCluster', { DeletionProtection: true, BackupRetentionPeriod: 35 });
    for (const stack of Object.values(prod.stacks)) assert.equal(stack.terminationProtection, true, stack.stackName);
    for (const stack of Object.values(dev.stacks)) assert.equal(stack.terminationProtection, false, stack.stackName);
    dev.data.hasResource('AWS::RDS::DBCluster', { DeletionPolicy: 'Snapshot' });
  });

  // An explicit group instead of CDK's LogRetention helper (a Lambda allowed to change the
  // retention of every log group of the account).
  it('exports the PostgreSQL log to a log group of the stack with the stage retention, made before the instances', () => {
    for (const [s, days] of [[dev, 14], [prod, 180]] as const) {
      const cluster = Object.keys(resources(s.data, 'AWS::RDS::DBCluster'))[0];
      s.data.hasResourceProperties('AWS::RDS::DBCluster', { EnableCloudwatchLogsExports: ['postgresql'] });
      const groups = Object.entries(resources(s.data, 'AWS::Logs::LogGroup')).filter(
        ([, g]) => JSON.stringify(g.Properties.LogGroupName) === JSON.stringify({ 'Fn::Join': ['', ['/aws/rds/cluster/', { Ref: cluster }, '/postgresql']] }),
      );
      assert.equal(groups.length, 1);
      const [groupId, group] = groups[0];
      assert.equal(group.Properties.RetentionInDays, days);
      for (const [id, instance] of Object.entries(resources(s.data, 'AWS::RDS::DBInstance'))) {
        assert.ok(asArray(instance.DependsOn).includes(groupId), `${id} waits for the log group`);
      }
    }
  });

  it('alarms on database CPU and connections', () => {
    for (const metric of ['CPUUtilization', 'DatabaseConnections']) {
      dev.data.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/RDS',
        MetricName: metric,
        AlarmActions: [{ Ref: Match.stringLikeRegexp('^Alarms') }],
      });
    }
    prod.data.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@samrap.example.org' });
  });

  describe('in every stack', () => {
    it('encrypts every bucket, blocks public access and refuses plain HTTP', () => {
      let buckets = 0;
      for (const s of [dev, prod]) {
        for (const [stack, t] of s.all) {
          const policies = Object.values(resources(t, 'AWS::S3::BucketPolicy'));
          for (const [id, b] of Object.entries(resources(t, 'AWS::S3::Bucket'))) {
            buckets++;
            assert.ok(b.Properties.BucketEncryption?.ServerSideEncryptionConfiguration?.length, `${stack}/${id} encrypted`);
            assert.deepEqual(
              b.Properties.PublicAccessBlockConfiguration,
              { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
              `${stack}/${id} blocks public access`,
            );
            const policy = policies.find((p) => p.Properties.Bucket.Ref === id);
            assert.ok(policy, `${stack}/${id} has a bucket policy`);
            assert.ok(
              policy.Properties.PolicyDocument.Statement.some(
                (st: any) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false',
              ),
              `${stack}/${id} denies requests without TLS`,
            );
            for (const st of policy.Properties.PolicyDocument.Statement) {
              if (st.Effect === 'Allow') assert.notEqual(st.Principal, '*', `${stack}/${id} has no public grant`);
            }
          }
        }
      }
      assert.equal(buckets, 6, 'uploads, files and web, in both apps');
    });

    it('gives every function, ours or CDK\'s, a log group with a retention', () => {
      for (const s of [dev, prod]) {
        for (const [stack, t] of s.all) {
          const groups = resources(t, 'AWS::Logs::LogGroup');
          for (const [id, fn] of Object.entries(resources(t, 'AWS::Lambda::Function'))) {
            const group = refTarget(fn.Properties.LoggingConfig?.LogGroup);
            assert.ok(group && groups[group], `${stack}/${id} logs to a log group of the stack`);
          }
          for (const [id, g] of Object.entries(resources(t, 'AWS::Logs::LogGroup'))) {
            assert.ok(g.Properties.RetentionInDays > 0, `${stack}/${id}`);
          }
        }
      }
    });

    it('uses no LogRetention custom resource', () => {
      for (const s of [dev, prod]) {
        for (const [, t] of s.all) t.resourceCountIs('Custom::LogRetention', 0);
      }
    });

    it('looks nothing up: no missing context and an env-agnostic account by default', () => {
      for (const s of [dev, prod]) {
        const assembly = s.app.synth();
        for (const stack of assembly.stacks) {
          assert.deepEqual(stack.manifest.metadata?.['aws:cdk:missing-context'] ?? [], []);
          assert.equal(stack.environment.account, 'unknown-account');
          assert.equal(stack.environment.region, 'ap-southeast-1');
        }
        assert.deepEqual(assembly.manifest.missing ?? [], []);
      }
    });
  });
});

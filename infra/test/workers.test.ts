/** Queues, workers, notifications, schedules and the migration custom resource. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { Match } from 'aws-cdk-lib/assertions';
import { sqsEntries } from '../lib/catalog';
import { cliSynthNoRegion, cliSynthSamrapRegion, type CliSynth } from './app-runs';
import { FULL_CATALOG, fakeCode, functionNamed, goFunctions, refTarget, resources, sharedSynth, synthesize, type Synthesized } from './helpers';

describe('workers stack', () => {
  let s: Synthesized;
  before(() => {
    s = sharedSynth({ stage: 'uat', catalog: 'full', web: false });
  });

  it('gives every queue a dead-letter queue with a redrive limit, encrypted, TLS only', () => {
    const queues = resources(s.workers, 'AWS::SQS::Queue');
    const main = Object.entries(queues).filter(([, q]) => q.Properties.RedrivePolicy);
    const dlqIds = new Set(main.map(([, q]) => refTarget(q.Properties.RedrivePolicy.deadLetterTargetArn)));
    assert.equal(main.length, sqsEntries(FULL_CATALOG).length, 'one work queue per sqs entry');
    assert.equal(Object.keys(queues).length, main.length * 2, 'every other queue is a DLQ');
    assert.equal(dlqIds.size, main.length, 'each queue has its own DLQ');
    for (const [id, q] of main) {
      assert.ok(q.Properties.RedrivePolicy.maxReceiveCount >= 1 && q.Properties.RedrivePolicy.maxReceiveCount <= 10, id);
      assert.ok(q.Properties.VisibilityTimeout >= 6 * 120, `${id}: visibility at least six times the function timeout`);
    }
    for (const [id, q] of Object.entries(queues)) assert.equal(q.Properties.SqsManagedSseEnabled, true, id);
    const policies = Object.values(resources(s.workers, 'AWS::SQS::QueuePolicy'));
    for (const id of Object.keys(queues)) {
      assert.ok(
        policies.some(
          (p) =>
            p.Properties.Queues.some((q: any) => refTarget(q) === id) &&
            p.Properties.PolicyDocument.Statement.some((st: any) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false'),
        ),
        `${id} denies requests without TLS`,
      );
    }
  });

  it('makes the queue of a fifo entry and its dead-letter queue FIFO, deduplicated by the sender', () => {
    const queues = resources(s.workers, 'AWS::SQS::Queue');
    const mapping = Object.values(resources(s.workers, 'AWS::Lambda::EventSourceMapping')).find(
      (m) => refTarget(m.Properties.FunctionName) === functionNamed(s.workers, 'hl7-feed-worker'),
    )!;
    const queue = queues[refTarget(mapping.Properties.EventSourceArn)!];
    assert.equal(queue.Properties.FifoQueue, true);
    assert.equal(queue.Properties.ContentBasedDeduplication, false);
    assert.equal(queues[refTarget(queue.Properties.RedrivePolicy.deadLetterTargetArn)!].Properties.FifoQueue, true);
    const others = Object.values(queues).filter((q) => q !== queue && q.Properties.RedrivePolicy);
    for (const q of others) assert.equal(q.Properties.FifoQueue, undefined);
  });

  it('consumes each queue with its own worker, reporting batch-item failures', () => {
    const mappings = Object.values(resources(s.workers, 'AWS::Lambda::EventSourceMapping'));
    assert.equal(mappings.length, sqsEntries(FULL_CATALOG).length);
    for (const entry of sqsEntries(FULL_CATALOG)) {
      const fnId = functionNamed(s.workers, entry.name);
      const mapping = mappings.find((m) => refTarget(m.Properties.FunctionName) === fnId);
      assert.ok(mapping, `${entry.name} has an event source`);
      assert.deepEqual(mapping.Properties.FunctionResponseTypes, ['ReportBatchItemFailures']);
      assert.ok(mapping.Properties.ScalingConfig.MaximumConcurrency >= 2);
    }
  });

  it('sends the uploads bucket ObjectCreated notifications under the prefix to the import queue', () => {
    const importQueue = refTarget(
      s.workers.toJSON().Resources[functionNamed(s.workers, 'import-worker')] && // the worker exists
        Object.values(resources(s.workers, 'AWS::Lambda::EventSourceMapping')).find(
          (m) => refTarget(m.Properties.FunctionName) === functionNamed(s.workers, 'import-worker'),
        )!.Properties.EventSourceArn,
    );
    s.workers.hasResourceProperties('Custom::S3BucketNotifications', {
      Managed: false,
      BucketName: { 'Fn::ImportValue': Match.stringLikeRegexp('Uploads') },
      NotificationConfiguration: {
        QueueConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'uploads/' }] } },
            QueueArn: { 'Fn::GetAtt': [importQueue, 'Arn'] },
          },
        ],
      },
    });
    s.workers.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: importQueue }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 's3.amazonaws.com' },
            Action: Match.arrayWith(['sqs:SendMessage']),
            Condition: { ArnLike: { 'aws:SourceArn': { 'Fn::ImportValue': Match.stringLikeRegexp('Uploads') } } },
          }),
        ]),
      },
    });
  });

  it('runs scheduled functions from their expression', () => {
    const fnId = functionNamed(s.workers, 'nightly-cleanup');
    s.workers.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 day)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: Match.anyValue() })],
    });
  });

  it('alarms when any DLQ is not empty and on every function error and throttle', () => {
    const alarms = Object.values(resources(s.workers, 'AWS::CloudWatch::Alarm'));
    const dlqAlarms = alarms.filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    assert.equal(dlqAlarms.length, sqsEntries(FULL_CATALOG).length);
    for (const a of dlqAlarms) {
      assert.equal(a.Properties.Threshold, 0);
      assert.equal(a.Properties.ComparisonOperator, 'GreaterThanThreshold');
      assert.ok(a.Properties.AlarmActions.length > 0);
    }
    for (const t of [s.workers, s.api]) {
      for (const fnId of Object.keys(goFunctions(t))) {
        for (const metric of ['Errors', 'Throttles']) {
          assert.ok(
            Object.values(resources(t, 'AWS::CloudWatch::Alarm')).some(
              (a) => a.Properties.MetricName === metric && a.Properties.Dimensions?.[0]?.Value?.Ref === fnId && a.Properties.AlarmActions?.length,
            ),
            `${metric} alarm for ${fnId}`,
          );
        }
      }
    }
  });

  describe('migrate', () => {
    const migration = (t = s.workers) => Object.values(resources(t, 'Custom::SamrapMigration'))[0].Properties;

    it('is the onEvent handler of a custom resource naming its code and the deploy', () => {
      const migrateId = functionNamed(s.workers, 'migrate');
      const migrateKey = goFunctions(s.workers)[migrateId].Properties.Code.S3Key;
      const framework = Object.entries(resources(s.workers, 'AWS::Lambda::Function')).find(([, f]) =>
        JSON.stringify(f.Properties.Environment ?? {}).includes('USER_ON_EVENT_FUNCTION_ARN'),
      );
      assert.ok(framework, 'a Provider framework function');
      assert.deepEqual(framework[1].Properties.Environment.Variables.USER_ON_EVENT_FUNCTION_ARN, { 'Fn::GetAtt': [migrateId, 'Arn'] });
      s.workers.hasResourceProperties('Custom::SamrapMigration', {
        ServiceToken: { 'Fn::GetAtt': [framework[0], 'Arn'] },
        CodeFingerprint: migrateKey,
        DeployId: 'test-deploy-1',
      });
      assert.match(migrateKey, /^[0-9a-f]{64}\.zip$/);
    });

    // A custom resource runs only when a property changes: the deploy id makes every deploy
    // one, whether or not the binary changed.
    it('changes its properties, so it runs again, at every deploy even with the same binary', () => {
      // dev, every kind, the stand-in build 'v1', deploy 'test-deploy-1': api.test.ts's app.
      const first = migration(sharedSynth({ stage: 'dev', catalog: 'full', web: false }).workers);
      const props = (opts: { deployId?: string; salt?: string }) =>
        migration(synthesize({ stage: 'dev', catalog: FULL_CATALOG, code: fakeCode(opts.salt ?? 'v1'), deployId: opts.deployId ?? 'test-deploy-1' }).workers);
      assert.deepEqual(props({}), first, 'a pure function of its inputs');
      assert.notDeepEqual(props({ deployId: 'test-deploy-2' }), first, 'a new deploy, the same binary');
      assert.notEqual(props({ salt: 'v2' }).CodeFingerprint, first.CodeFingerprint, 'a new binary');
    });

    // The two `cdk synth` runs of synth-and-lint.test.ts (test/app-runs.ts): bin/app.ts twice,
    // the second started after the first had finished.
    it('gets a new deploy id from bin/app.ts at every synthesis', async () => {
      const deployIdOf = ({ outdir, run }: CliSynth) => {
        assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
        const template = JSON.parse(fs.readFileSync(path.join(outdir, 'Samrap-dev-Workers.template.json'), 'utf8'));
        const found = Object.values<any>(template.Resources).filter((r) => r.Type === 'Custom::SamrapMigration');
        assert.equal(found.length, 1);
        return found[0].Properties.DeployId as string;
      };
      const first = deployIdOf(await cliSynthNoRegion());
      const second = deployIdOf(await cliSynthSamrapRegion());
      assert.ok(first && second);
      assert.notEqual(first, second);
    });
  });
});

/** The constructs refuse props they could not honour, before anything is synthesized. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { App, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib/core';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import { ApiArea } from '../lib/constructs/api-area';
import { GoFunction, type GoFunctionProps } from '../lib/constructs/go-function';
import { QueueWorker } from '../lib/constructs/queue-worker';
import { SpaSite } from '../lib/constructs/spa-site';
import { cdkContext, fakeCode } from './helpers';

const code = fakeCode();
const stack = () => new Stack(new App({ context: cdkContext() }), 'Test', { env: { region: 'ap-southeast-1' } });
const fn = (overrides: Partial<GoFunctionProps> = {}): GoFunctionProps => ({
  catalogName: 'auth',
  code: code('auth'),
  logRetention: logs.RetentionDays.ONE_WEEK,
  logRemovalPolicy: RemovalPolicy.DESTROY,
  ...overrides,
});

describe('constructs validate their props', () => {
  it('GoFunction: memory, timeout, variable names, catalogue name', () => {
    assert.throws(() => new GoFunction(stack(), 'F', fn({ memorySize: 64 })), /memorySize/);
    assert.throws(() => new GoFunction(stack(), 'F', fn({ timeout: Duration.minutes(16) })), /timeout/);
    assert.throws(() => new GoFunction(stack(), 'F', fn({ environment: { 'bad-name': 'x' } })), /bad variable name/);
    assert.throws(() => new GoFunction(stack(), 'F', fn({ catalogName: 'Auth Area' })), /not a catalogue name/);
    assert.doesNotThrow(() => new GoFunction(stack(), 'F', fn()));
  });

  it('ApiArea: at least one route, none twice', () => {
    const s = stack();
    const httpApi = new apigwv2.HttpApi(s, 'Api');
    assert.throws(() => new ApiArea(s, 'A', { httpApi, routes: [], function: fn() }), /no routes/);
    const route = { method: 'GET' as const, path: '/api/auth/userInfo' };
    assert.throws(() => new ApiArea(s, 'B', { httpApi, routes: [route, route], function: fn() }), /twice/);
  });

  it('QueueWorker: redrive, batch and concurrency limits', () => {
    const props = { function: fn(), removalPolicy: RemovalPolicy.DESTROY };
    assert.throws(() => new QueueWorker(stack(), 'W', { ...props, maxReceiveCount: 0 }), /maxReceiveCount/);
    assert.throws(() => new QueueWorker(stack(), 'W', { ...props, batchSize: 11 }), /batchSize/);
    assert.throws(() => new QueueWorker(stack(), 'W', { ...props, maxConcurrency: 1 }), /maxConcurrency/);
  });

  it('SpaSite: a host name for the API and a CSP that forbids framing', () => {
    assert.throws(() => new SpaSite(stack(), 'S', { apiDomainName: 'https://x.execute-api.ap-southeast-1.amazonaws.com' }), /host name/);
    assert.throws(
      () => new SpaSite(stack(), 'S', { apiDomainName: 'x.example.org', contentSecurityPolicy: "default-src 'self'" }),
      /frame-ancestors/,
    );
  });
});

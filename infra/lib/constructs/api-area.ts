import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import type { Route } from '../catalog';
import { GoFunction, type GoFunctionProps } from './go-function';

export interface ApiAreaProps {
  readonly httpApi: apigwv2.IHttpApi;
  /** The routes of one catalogue entry; whole paths (`/api/...`). */
  readonly routes: readonly Route[];
  readonly function: GoFunctionProps;
}

/**
 * One business area of the API: its Go function and every route it serves, through a single
 * Lambda integration (payload 2.0) and a single API-scoped invoke permission, so an area with
 * a hundred routes does not grow its Lambda resource policy past the 20 kB limit.
 */
export class ApiArea extends Construct {
  public readonly goFunction: GoFunction;
  public readonly routes: readonly apigwv2.HttpRoute[];

  constructor(scope: Construct, id: string, props: ApiAreaProps) {
    super(scope, id);
    if (props.routes.length === 0) throw new Error(`ApiArea ${props.function.catalogName}: no routes`);
    const seen = new Set<string>();
    for (const r of props.routes) {
      const key = `${r.method} ${r.path}`;
      if (!r.path.startsWith('/')) throw new Error(`ApiArea ${props.function.catalogName}: "${r.path}" is not a path`);
      if (seen.has(key)) throw new Error(`ApiArea ${props.function.catalogName}: route "${key}" twice`);
      seen.add(key);
    }

    this.goFunction = new GoFunction(this, 'Go', props.function);
    const integration = new HttpLambdaIntegration('Integration', this.goFunction.function, {
      payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
      scopePermissionToRoute: false,
    });
    this.routes = props.routes.map(
      (r) =>
        new apigwv2.HttpRoute(this, routeId(r), {
          httpApi: props.httpApi,
          routeKey: apigwv2.HttpRouteKey.with(r.path, apigwv2.HttpMethod[r.method]),
          integration,
        }),
    );
  }
}

// Construct ids may not contain "/"; the logical id keeps a hash of the whole id, so two
// paths that differ only in punctuation still get distinct resources.
function routeId(r: Route): string {
  return `${r.method} ${r.path.replace(/\//g, '|')}`;
}

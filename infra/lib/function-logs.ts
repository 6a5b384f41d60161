import { AspectPriority, Aspects, CfnResource, type IAspect, type RemovalPolicy, type Stack } from 'aws-cdk-lib/core';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct, type IConstruct } from 'constructs';

/**
 * Gives every Lambda of a stack a log group with the stage's retention, including the
 * handlers CDK adds itself (bucket auto-delete, bucket deployment, bucket notifications, default
 * security group), which would otherwise log to a group Lambda creates that never expires.
 * Our own functions (GoFunction) already have one and are left alone.
 */
export class FunctionLogRetention implements IAspect {
  constructor(
    private readonly retention: logs.RetentionDays,
    private readonly removalPolicy: RemovalPolicy,
  ) {}

  public visit(node: IConstruct): void {
    if (node instanceof lambda.CfnFunction) {
      const current = node.loggingConfig as lambda.CfnFunction.LoggingConfigProperty | undefined;
      if (current?.logGroup !== undefined) return;
      node.loggingConfig = { ...(current ?? {}), logGroup: this.logGroupFor(node).logGroupName };
    } else if (node instanceof CfnResource && node.cfnResourceType === 'AWS::Lambda::Function') {
      // CDK's custom-resource providers write the function as a plain CfnResource, without
      // a LoggingConfig of their own.
      node.addPropertyOverride('LoggingConfig.LogGroup', this.logGroupFor(node).logGroupName);
    }
  }

  private logGroupFor(fn: CfnResource): logs.LogGroup {
    const scope = fn.node.scope as Construct;
    const id = `${fn.node.id}Logs`;
    // A second synthesis of the same app visits the node again: reuse what the first added.
    const existing = scope.node.tryFindChild(id);
    if (existing instanceof logs.LogGroup) return existing;
    return new logs.LogGroup(scope, id, {
      retention: this.retention,
      removalPolicy: this.removalPolicy,
    });
  }

  /** Applies the aspect to a stack, before CDK's own validations read the template. */
  public static applyTo(stack: Stack, retention: logs.RetentionDays, removalPolicy: RemovalPolicy): void {
    Aspects.of(stack).add(new FunctionLogRetention(retention, removalPolicy), { priority: AspectPriority.MUTATING });
  }
}

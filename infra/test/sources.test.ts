/** Facts about the infra sources themselves. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const INFRA = path.resolve(__dirname, '..');

/** Every .ts file of bin/, lib/ and test/. */
function sources(dir = INFRA): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return dir === INFRA && !['bin', 'lib', 'test'].includes(entry.name) ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('infra sources', () => {
  // Importing from the root 'aws-cdk-lib' makes tsc read the types of every AWS service (2,800 files instead of
  // 1,500): the type check of `npm run test` and `npm run typecheck` takes half as long again.
  it("import aws-cdk-lib by module ('aws-cdk-lib/core', 'aws-cdk-lib/aws-s3', …), never its root", () => {
    const files = sources();
    assert.ok(files.some((f) => f.endsWith(path.join('bin', 'app.ts'))), 'bin/app.ts is read');
    const offenders = files.filter((f) => /^\s*(import|export)\b[^;]*?\bfrom\s+['"]aws-cdk-lib['"]/m.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(INFRA, f)), []);
  });
});

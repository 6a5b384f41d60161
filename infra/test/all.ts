/**
 * `npm run test --workspace infra`: every `*.test.ts` of this folder in one process. The first
 * synthesis of a process costs seconds (aws-cdk-lib loads, the template validator starts), and
 * the apps several files assert on are synthesized once (helpers.ts, sharedSynth). The folder
 * is read, not listed, so a new test file runs without being added here. One file alone:
 * `node --import tsx --test test/web.test.ts`.
 */
import * as fs from 'node:fs';

for (const file of fs.readdirSync(__dirname).filter((name) => name.endsWith('.test.ts')).sort()) {
  require(`./${file}`);
}

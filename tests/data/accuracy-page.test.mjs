// docs/accuracy.md, its plots and the README's accuracy table are what
// `gpusizer-calibrate --accuracy-page` writes from tests/calibration/ now: regenerated into a
// scratch copy and compared byte for byte, so a figure in them cannot drift from the data.
// Usage: node tests/data/accuracy-page.test.mjs <gpusizer-calibrate> <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [calibrate, rootArg] = process.argv.slice(2);
if (!calibrate || !rootArg) {
  console.error('usage: node tests/data/accuracy-page.test.mjs <gpusizer-calibrate> <repo-root>');
  process.exit(2);
}
const root = path.resolve(rootArg);
const files = ['docs/accuracy.md', 'docs/accuracy-whole-runs.svg', 'docs/accuracy-steady-state.svg', 'docs/accuracy-fine-tuning.svg', 'README.md'];

test('the accuracy page, its plots and the README table are the calibration tool\'s output', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'gpusizer-accuracy-'));
  try {
    mkdirSync(path.join(scratch, 'docs'));
    copyFileSync(path.join(root, 'README.md'), path.join(scratch, 'README.md'));
    execFileSync(calibrate, ['--accuracy-page', scratch], { stdio: ['ignore', 'ignore', 'inherit'] });
    for (const file of files) {
      const committed = readFileSync(path.join(root, file), 'utf8');
      const written = readFileSync(path.join(scratch, file), 'utf8');
      if (committed !== written) {
        const a = committed.split('\n'), b = written.split('\n');
        const i = a.findIndex((line, k) => line !== b[k]);
        assert.fail(`${file} is stale at line ${i + 1}:\n  committed: ${a[i]}\n  the tool:  ${b[i]}\n` +
          'run build/native/gpusizer-calibrate --accuracy-page . (and commit the files)');
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

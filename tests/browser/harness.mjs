// What the browser tests share: Debian Chromium launched the way this machine kind needs
// (TOOLCHAIN.md), and the ok/FAIL report with its exit status.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// No sandbox (root), no GPU, and none of the background connections a closed network refuses.
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export function createReport() {
  let passed = 0;
  let failed = 0;
  return {
    check(ok, what, detail = '') {
      if (ok) passed++;
      else failed++;
      console.log(`${ok ? '  ok  ' : '  FAIL'} ${what}${detail ? ` — ${detail}` : ''}`);
      return ok;
    },
    info(line) {
      console.log(`       ${line}`);
    },
    finish() {
      console.log(`\n${passed} passed, ${failed} failed`);
      process.exit(failed === 0 ? 0 : 1);
    },
  };
}

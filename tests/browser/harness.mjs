// What the browser tests share: Debian Chromium launched the way this machine kind needs
// (docs/TOOLCHAIN.md), and the ok/FAIL report with its exit status.
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

// Runs in every page before its own scripts (context.addInitScript): records CSP violations
// in window.__csp, the element's events in window.__events and the last result in
// window.__lastResult.
export const recordPageEvents = () => {
  window.__csp = [];
  window.__events = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile || ''}:${e.lineNumber || ''}`);
  });
  for (const type of ['gpusizer-result', 'gpusizer-error']) {
    document.addEventListener(type, (e) => {
      const d = e.detail || {};
      if (type === 'gpusizer-result') window.__lastResult = d;
      window.__events.push({
        type,
        composed: e.composed,
        ok: d.ok,
        count: d.result?.estimate?.count,
        path: d.error?.path,
        lang: d.result?.steps?.[0]?.title,
        preset: d.request?.model?.preset,
        tokens: d.request?.training?.tokens,
      });
    });
  }
};

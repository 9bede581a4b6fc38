#!/usr/bin/env node
// The README's screenshot: the built site's calculator page (index.html) in Debian's Chromium,
// 1280 px wide, once its first result shows, the top of the page (the form and the recommended
// plan), as a PNG. Also prints the element's height with its result at 1280 and
// 375 px wide (the figure docs/embedding.md gives for min-height).
//
//   node scripts/screenshot.mjs [SITE=build/wasm/site] [--out docs/screenshot.png] [--lang en|zh]
//       [--height 880]
//
// The page's Chinese text needs a CJK font; where the system has none, give Chromium one of its
// own through fontconfig (FONTCONFIG_FILE naming a fonts.conf that adds a font directory).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let site = path.join(here, '../build/wasm/site');
let out = path.join(here, '../docs/screenshot.png');
let lang = 'en';
let height = 880;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--out') out = path.resolve(args[++i]);
  else if (args[i] === '--lang') lang = args[++i];
  else if (args[i] === '--height') height = Number(args[++i]);
  else site = path.resolve(args[i]);
}

const server = await startServer({ dir: site, port: 0 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const heights = {};
  for (const width of [1280, 375]) {
    const context = await browser.newContext({
      locale: lang === 'zh' ? 'zh-CN' : 'en-US', viewport: { width, height: 1100 }, deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(server.url);
    const sizer = page.locator('gpu-sizer');
    if (lang) await sizer.evaluate((el, l) => el.setAttribute('lang', l), lang);
    // The first result: the plan's GPU count shown in the summary.
    await page.waitForFunction(() => {
      const root = document.querySelector('gpu-sizer')?.shadowRoot;
      const value = root?.querySelector('.card[data-key="gpus"] .value')?.textContent || '';
      return /\d/.test(value);
    }, null, { timeout: 60000 });
    // Every view drawn and the page quiet (the claims below the calculator come after it).
    await page.waitForTimeout(2500);
    heights[width] = await sizer.evaluate((el) => Math.round(el.getBoundingClientRect().height));
    if (width === 1280) {
      await page.screenshot({ path: out, clip: { x: 0, y: 0, width, height } });
    }
    await context.close();
  }
  console.log(`${out} written (1280 × ${height})`);
  console.log(`<gpu-sizer> with its first result: ${heights[1280]} px tall at 1280 px wide, ${heights[375]} px at 375 px`);
} finally {
  await browser.close();
  await server.close();
}

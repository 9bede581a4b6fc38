#!/usr/bin/env node
// The accuracy page on the site: docs/accuracy.md (written by gpusizer-calibrate
// --accuracy-page) rendered to SITE/accuracy.html with marked, beside its plots, so the page's
// "how accurate" link opens what the calibration measured.
//
//   node scripts/accuracy-html.mjs SITE_DIR
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const site = process.argv[2];
if (!site || !fs.existsSync(site)) {
  console.error('usage: node scripts/accuracy-html.mjs SITE_DIR');
  process.exit(2);
}
const { marked } = await import('marked').catch(() => {
  console.error('accuracy-html: marked is not installed: run npm ci (or scripts/bootstrap.sh) in the repository root');
  process.exit(2);
});
const docs = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs');
const body = marked.parse(fs.readFileSync(path.join(docs, 'accuracy.md'), 'utf8'));
const title = 'How accurate gpusizer is';
fs.writeFileSync(
  path.join(site, 'accuracy.html'),
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="accuracy.css">
</head>
<body>
<main>
<p><a href="./">gpusizer</a></p>
${body}</main>
</body>
</html>
`,
);
for (const name of fs.readdirSync(docs)) if (/^accuracy-.*\.svg$/.test(name)) fs.copyFileSync(path.join(docs, name), path.join(site, name));

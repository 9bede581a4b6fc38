// One word per thing: a rentable unit (a machine or an instance, gpusPerUnit GPUs) is "台" in
// Chinese everywhere a user reads it, the page's message table (web/sizer/i18n.js) and the core's
// (core/src/diagnostics/message_table.inc) alike: never "份" or "单元" (a spreadsheet's cell,
// 单元格, and the year, 年份, are other words). A hit names its file and line.
// Usage: node tests/data/unit-words.test.mjs <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = process.argv[2] && path.resolve(process.argv[2]);
if (!root) {
  console.error('usage: node tests/data/unit-words.test.mjs <repo-root>');
  process.exit(2);
}
const FILES = ['web/sizer/i18n.js', 'core/src/diagnostics/message_table.inc'];
// "份" not in 年份, 月份, 省份, 股份; "单元" not in 单元格.
export const OTHER_WORDS = /(?<![年月省股])份|单元(?!格)/g;

const hits = (text) => text.split('\n').flatMap((line, i) => (line.match(OTHER_WORDS) ? [`${i + 1}: ${line.trim()}`] : []));

test('the rule tells the words apart', () => {
  assert.deepEqual(hits('{units} 份 × 8\n每单元价格\n空单元格\n只有年份\n{units} 台'), ['1: {units} 份 × 8', '2: 每单元价格']);
});

for (const file of FILES) {
  test(`${file}: a unit is 台`, () => {
    assert.deepEqual(hits(readFileSync(path.join(root, file), 'utf8')), []);
  });
}

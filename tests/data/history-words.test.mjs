// The repository speaks of the project as it is: no file tells its history ("stop 16", "issue 10",
// "this round", "in this session", a "before (stop 15)" table) or leans on a brief the reader has
// not seen ("our brief": say what it is, the renters' guide, a Chinese article on renting GPU
// compute in Changzhou). Every tracked text file is scanned; a hit names its file and line.
// The patterns are narrow on purpose: sessionStorage, "issues a warning", "round to cents",
// "rounded" and "stops paying" are words of the code and its docs, not history (the cases below
// hold both sides).
// Usage: node tests/data/history-words.test.mjs <repo-root>
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.argv[2] && path.resolve(process.argv[2]);
if (!root) {
  console.error('usage: node tests/data/history-words.test.mjs <repo-root>');
  process.exit(2);
}
// This file names the wording it looks for.
const SELF = 'tests/data/history-words.test.mjs';

/** Each pattern with what it catches (gi: case-insensitive, every hit of a line). */
export const PATTERNS = [
  // A milestone or a ticket by number: "stop 16", "Stop 18:", "(stop 15)", "issue 10", "issue #10".
  ['a milestone by number', /\bstops?\s+\d+/gi],
  ['a ticket by number', /\bissues?\s+#?\d+/gi],
  // "the budget", "this issue": a ticket the reader has not seen (but "issues a warning").
  ['a ticket', /\bissue's\b|\b(?:this|that|our|the)\s+issue\b(?!\s+(?:a|an|the|warnings?|errors?)\b)/gi],
  // A round of work: "this round", "earlier rounds", "the round before", "round 3"
  // (but "round to cents", "rounded", "round-trip", "a round figure").
  ['a round of work', /\b(?:this|that|last|next|previous|earlier|later|former|same)\s+rounds?\b(?![-\u2010])|\bthe\s+rounds?\s+(?:before|after|since)\b|\brounds?\s+\d+\b/gi],
  // A work session: "in this session", "other sessions", "session 4" (but sessionStorage).
  ['a work session', /\b(?:this|that|last|next|previous|earlier|later|other|another|same|work|working)\s+sessions?\b|\bin\s+(?:a|the)\s+session\b|\bsessions?\s+\d+\b/gi],
  // A brief the reader has not seen: "our brief", "the brief's worked example", "product brief".
  ['an unnamed brief', /\b(?:our|the|this|product)\s+brief\b|\bbrief's\b/gi],
  // A before/after table of the project's own history: a row whose first cell is "before" or
  // "after" ("| before (stop 16) |", "| before: every file at -Os |"), not "| before the deadline |".
  ['a before/after row', /^\|\s*\**(?:before|after)\**\s*(?:\([^)|]*\)\s*)?(?::[^|]*)?\|/gim],
];

/** The history wording in one text: [{line, what, text}]. */
export function hits(text) {
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const [what, pattern] of PATTERNS) {
      for (const m of line.matchAll(pattern)) found.push({ line: i + 1, what, text: m[0] });
    }
  });
  return found;
}

test('the patterns catch history and leave the words of the code alone', () => {
  const history = [
    'stop 16', 'Stop 18: the first call', 'before (stop 15)', 'the budgets of issue 10', 'issue #7',
    "the issue's 150 KB", 'this round', 'Earlier rounds\' tries', 'the round before', 'in round 3',
    'in this session', 'shared with other sessions', 'UNVERIFIED in this session', 'session 4',
    'the worked example of our brief', "the brief's worked example", 'the product brief',
    '| before | 284.7 KB | |', '| **after** | 262.1 KB |',
  ];
  for (const text of history) assert.ok(hits(text).length > 0, `not caught: ${text}`);
  const legitimate = [
    'sessionStorage.getItem(key)', 'the core issues a warning', 'it issues one request', 'round to cents',
    'rounded to the cent', 'Math.round(x)', 'the request round-trips unchanged', 'a guide\'s round figure',
    'for (int round = 0; round < rounds; ++round)', 'scaling.stopsPaying', 'more GPUs stop paying',
    'stop-color', 'in brief', 'a brief pause', '| before the deadline | after it |',
    'One round unmeasured: a warm-up', 'stroke-linejoin: round;',
  ];
  for (const text of legitimate) assert.deepEqual(hits(text), [], `caught: ${text}`);
});

/** Tracked files (git), or null outside a git checkout. */
function trackedFiles() {
  try {
    return execFileSync('git', ['-C', root, 'ls-files', '-z'], { encoding: 'utf8', maxBuffer: 1 << 26 })
      .split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

const files = trackedFiles();
test('no tracked text file tells the project\'s history', { skip: files === null && 'not a git checkout' }, () => {
  const report = [];
  let scanned = 0;
  for (const name of files) {
    if (name === SELF) continue;
    const file = path.join(root, name);
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    if (bytes.subarray(0, 8192).includes(0)) continue; // binary (the screenshot, icons)
    scanned++;
    for (const h of hits(bytes.toString('utf8'))) report.push(`${name}:${h.line}: ${h.what}: "${h.text}"`);
  }
  assert.ok(scanned > 100, `only ${scanned} text files scanned`);
  if (report.length) {
    assert.fail(`${report.length} history word(s); say what the project is instead:\n  ${report.join('\n  ')}`);
  }
});

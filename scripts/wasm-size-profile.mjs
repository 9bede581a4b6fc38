#!/usr/bin/env node
// What the wasm module's bytes are: each function's code by its name (a build with names:
// `emcc --profiling-funcs`, the CMake target gpusizer_wasm_profile), grouped by what it belongs to
// (the C++ namespace and class, or libc), and the data segments. Reads the binary's sections
// itself (the name section's function names, the code section's bodies), so it needs no tool
// beyond Node.
//
//   node scripts/wasm-size-profile.mjs build/wasm/wasm/gpusizer-profile.wasm [--top 20] [--markdown]
//
// Sizes are of the function bodies as stored (raw bytes; gzip shrinks code about 2.4 times and
// the catalog's JSON text about 5 times, so the raw ranking is the one to cut by).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';

const argv = process.argv.slice(2);
const file = argv.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const topAt = argv.indexOf('--top');
const top = topAt >= 0 ? Number(argv[topAt + 1]) : 20;
const markdown = argv.includes('--markdown');
if (!file || !fs.existsSync(file)) {
  console.error('usage: node scripts/wasm-size-profile.mjs MODULE.wasm [--top 20] [--markdown]');
  process.exit(2);
}
const bytes = fs.readFileSync(file);

let pos = 8; // after the magic number and version
const leb = () => {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[pos++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return result;
  }
};
const str = () => {
  const n = leb();
  const s = bytes.toString('utf8', pos, pos + n);
  pos += n;
  return s;
};

let imported = 0; // imported functions come first in the function index space
const bodies = []; // [size of each defined function's body]
const names = new Map(); // function index → name
const sections = []; // {name, size}
const segments = []; // data segment sizes
const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount', 'tag'];
while (pos < bytes.length) {
  const id = bytes[pos++];
  const size = leb();
  const start = pos;
  const end = start + size;
  let name = SECTION[id] ?? `section ${id}`;
  if (id === 0) {
    const custom = str();
    name = `custom "${custom}"`;
    if (custom === 'name') {
      while (pos < end) {
        const sub = bytes[pos++];
        const subSize = leb();
        const subEnd = pos + subSize;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const index = leb();
            names.set(index, str());
          }
        }
        pos = subEnd;
      }
    }
  } else if (id === 2) {
    for (let n = leb(); n > 0; n--) {
      str();
      str();
      const kind = bytes[pos++];
      if (kind === 0) {
        leb();
        imported++;
      } else if (kind === 1) {
        pos++;
        const flags = leb();
        leb();
        if (flags & 1) leb();
      } else if (kind === 2) {
        const flags = leb();
        leb();
        if (flags & 1) leb();
      } else if (kind === 3) {
        pos += 2;
      } else if (kind === 4) {
        pos++;
        leb();
      }
    }
  } else if (id === 10) {
    for (let n = leb(); n > 0; n--) {
      const bodySize = leb();
      bodies.push(bodySize);
      pos += bodySize;
    }
  } else if (id === 11) {
    for (let n = leb(); n > 0; n--) {
      const flags = leb();
      if (flags === 2) leb();
      if (flags !== 1) {
        // the offset: i32.const n or global.get g, then `end` (0x0b)
        const op = bytes[pos++];
        if (op !== 0x41 && op !== 0x23) throw new Error(`data segment offset opcode 0x${op.toString(16)}`);
        while (bytes[pos++] & 0x80); // the (signed) LEB128 immediate
        if (bytes[pos++] !== 0x0b) throw new Error('data segment offset not ended');
      }
      const segSize = leb();
      segments.push({ size: segSize, at: pos });
      pos += segSize;
    }
  }
  sections.push({ name, size });
  pos = end;
}

// Names as the linker wrote them: C++ ones may be mangled (c++filt, binutils, demangles them).
const raw = bodies.map((_, i) => names.get(imported + i) ?? `function ${imported + i}`);
let demangled = raw;
if (raw.some((n) => n.startsWith('_Z'))) {
  try {
    demangled = execFileSync('c++filt', { input: raw.join('\n'), maxBuffer: 64 << 20 }).toString().split('\n');
  } catch {
    /* without c++filt the mangled names stand */
  }
}
const functions = bodies.map((size, i) => ({ name: demangled[i] || raw[i], size }));

// The core's sources, for the file that defines each of its functions: the .cpp (or header) with
// a top-level line defining that name (the code's style: definitions start at column 0, also
// inside namespaces), `Class::name(` for a member.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [];
for (const dir of ['core/src', 'core/include', 'wasm']) {
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (/\.(cpp|hpp|inc)$/.test(e.name)) sources.push({ file: path.relative(root, f), text: fs.readFileSync(f, 'utf8') });
    }
  };
  if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
}
const escape = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fileCache = new Map();
function sourceFile(qualified) {
  if (fileCache.has(qualified)) return fileCache.get(qualified);
  const parts = qualified.split('::').filter((p) => p && p !== 'anon');
  const name = parts[parts.length - 1];
  const cls = parts.length >= 2 && /^[A-Z]/.test(parts[parts.length - 2]) ? parts[parts.length - 2] : null;
  const re = cls
    ? new RegExp(`\\b${escape(cls)}::${escape(name)}\\s*\\(`)
    : new RegExp(`^[A-Za-z][^;\\n]*\\b${escape(name)}\\s*\\([^;]*$`, 'm');
  let hits = sources.filter((s) => re.test(s.text)).map((s) => s.file);
  // A member defined inside its class (an anonymous namespace's helper class): the class's file.
  if (!hits.length && cls) hits = sources.filter((s) => new RegExp(`\\b(?:class|struct)\\s+${escape(cls)}\\b`).test(s.text)).map((s) => s.file);
  const cpp = hits.filter((f) => f.endsWith('.cpp'));
  const found = (cpp.length ? cpp : hits)[0] ?? null;
  fileCache.set(qualified, found);
  return found;
}

/** A function's qualified name without its parameters and template arguments. */
function qualifiedName(name) {
  let s = name.replace(/\(anonymous namespace\)/g, 'anon').replace(/\{lambda[^}]*\}(#\d+)?/g, 'lambda');
  s = s.replace(/\(.*$/, ''); // the parameter list
  let depth = 0;
  let plain = '';
  for (const ch of s) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (depth === 0) plain += ch;
  }
  return plain.replace(/^.*\s(?=[\w:~]+$)/, '').replace(/::__2::/g, '::');
}

/**
 * What a function belongs to: the core's source file that defines it; else its library (libc++,
 * nlohmann::json, the C++ ABI) by namespace; C functions (libc, emmalloc, the Embind glue) by name.
 */
function owner(name) {
  const q = qualifiedName(name);
  if (q.startsWith('gpusizer::')) return sourceFile(q) ?? `${q.split('::').slice(0, 2).join('::')} (file not found)`;
  let s = name.replace(/\(.*$/, ''); // the parameter list
  let depth = 0;
  let plain = '';
  for (const ch of s) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (depth === 0) plain += ch;
  }
  s = plain.replace(/^.*\s(?=[\w:~]+$)/, '').replace(/::__2::/g, '::').replace(/\{lambda[^}]*\}/g, 'lambda');
  const parts = s.split('::').filter(Boolean);
  if (parts.length <= 1) {
    if (/^(emscripten|_embind|embind)/i.test(s)) return 'Embind and Emscripten runtime';
    if (/^(em|dl|emmalloc|malloc|free|realloc|calloc|sbrk)/.test(s)) return 'malloc (emmalloc)';
    return 'libc and compiler runtime (C functions)';
  }
  const ns = parts.slice(0, -1);
  if (ns[0] === 'std') return `std::${ns[1] ?? ''} (libc++)`;
  if (ns[0] === 'gpusizer') return ns.slice(0, 3).join('::');
  return ns.slice(0, 2).join('::');
}

// The deployed module is this one without its names: shares are of that.
const total = bytes.length - sections.filter((x) => x.name === 'custom "name"').reduce((a, x) => a + x.size, 0);
const code = functions.reduce((a, f) => a + f.size, 0);
const data = segments.reduce((a, s) => a + s.size, 0);
const groups = new Map();
for (const f of functions) {
  const key = owner(f.name);
  const g = groups.get(key) ?? { name: key, size: 0, count: 0 };
  g.size += f.size;
  g.count++;
  groups.set(key, g);
}
const byGroup = [...groups.values()].sort((a, b) => b.size - a.size);
const byFunction = functions.slice().sort((a, b) => b.size - a.size);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pct = (n) => `${((100 * n) / total).toFixed(1)}%`;
const short = (n, max = 110) => (n.length > max ? `${n.slice(0, max - 1)}…` : n);

if (markdown) {
  // One ranking of the code by source file (or library) and of the data segments.
  const segName = (seg) => {
    const text = bytes.toString('utf8', seg.at, seg.at + Math.min(seg.size, 200));
    if (text.startsWith('{"catalogVersion"')) return 'data: the default catalog, JSON (core/data, cmake/embed_json.cmake)';
    return `data: constants and strings (${seg.size > 16384 ? 'the message tables of core/src/diagnostics, both languages, among them' : 'a segment'})`;
  };
  const parts = [
    ...byGroup.map((g) => ({ name: `\`${g.name}\``, what: `${g.count} functions`, size: g.size })),
    ...segments.map((seg) => ({ name: segName(seg), what: 'data', size: seg.size })),
  ].sort((a, b) => b.size - a.size);
  console.log('| rank | what: a source file (its functions), a library, or data | | raw | of the module |');
  console.log('|---|---|---|---|---|');
  parts.slice(0, top).forEach((x, i) => console.log(`| ${i + 1} | ${x.name} | ${x.what} | ${kb(x.size)} | ${pct(x.size)} |`));
  console.log('');
  console.log(`| rank | function | code |`);
  console.log('|---|---|---|');
  byFunction.slice(0, top).forEach((f, i) => console.log(`| ${i + 1} | \`${short(f.name, 90).replace(/\|/g, '\\|')}\` | ${kb(f.size)} |`));
} else {
  const bySegment = segments.slice().sort((a, b) => b.size - a.size);
  const preview = (seg) => bytes.toString('utf8', seg.at, seg.at + Math.min(seg.size, 400)).replace(/[\x00-\x1f]+/g, ' ').slice(0, 70);
  console.log(`${file}: ${kb(total)} without its names; code ${kb(code)} in ${functions.length} functions (${imported} imported), data ${kb(data)} in ${segments.length} segments`);
  console.log('sections:', sections.map((s) => `${s.name} ${kb(s.size)}`).join(', '));
  console.log(`\nthe ${top} largest owners of code:`);
  byGroup.slice(0, top).forEach((g, i) => console.log(`${String(i + 1).padStart(3)}. ${kb(g.size).padStart(9)} ${pct(g.size).padStart(6)}  ${String(g.count).padStart(5)} fns  ${g.name}`));
  console.log('\nthe 5 largest data segments (what they begin with):');
  bySegment.slice(0, 5).forEach((seg, i) => console.log(`${String(i + 1).padStart(3)}. ${kb(seg.size).padStart(9)} ${pct(seg.size).padStart(6)}  ${JSON.stringify(preview(seg))}`));
  console.log(`\nthe ${top} largest functions:`);
  byFunction.slice(0, top).forEach((f, i) => console.log(`${String(i + 1).padStart(3)}. ${kb(f.size).padStart(9)} ${pct(f.size).padStart(6)}  ${short(f.name)}`));
}

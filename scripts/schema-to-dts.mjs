#!/usr/bin/env node
// Writes web/gpusizer-contract.d.ts, the TypeScript types of the JSON contract, from its schemas
// (core/data/catalog.schema.json, core/schema/{request,response,claims}.schema.json), each
// field's description as its doc comment, so an editor shows what the schema says.
//
//   node scripts/schema-to-dts.mjs           rewrite web/gpusizer-contract.d.ts
//   node scripts/schema-to-dts.mjs --check   exit 1 when the file is not what it would write
//
// It covers what these schemas use: type (and lists of types), enum, const, properties, required,
// additionalProperties, items, prefixItems, anyOf/oneOf (presence-only branches are dropped) and
// $ref between them. A $def that is an object, an enum or a union becomes a named type; the rest
// is written inline. tests/data/contract-types.test.mjs runs the check and compiles the result.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_FILES, loadSchemas, presenceOnly, resolveRef } from './contract-schemas.mjs';

export const OUTPUT = 'web/gpusizer-contract.d.ts';

// Type names: each schema's root, then its $defs as <prefix><Def> unless named here.
const ROOTS = { catalog: 'GpusizerCatalog', request: 'GpusizerRequest', response: 'GpusizerResponse', claims: 'GpusizerClaims' };
const PREFIX = { catalog: 'Catalog', request: 'Request', response: 'Response', claims: 'Claims' };
const NAMES = {
  'response#/$defs/okResponse': 'GpusizerOkResponse',
  'response#/$defs/errorResponse': 'GpusizerErrorResponse',
  'response#/$defs/optionDetailResponse': 'GpusizerOptionDetailResponse',
  'response#/$defs/result': 'GpusizerResult',
  'response#/$defs/errorCode': 'GpusizerErrorCode',
  'claims#/$defs/claim': 'GpusizerClaim',
};

const pascal = (s) => s.replace(/(^|[-_])([a-z])/g, (_, __, c) => c.toUpperCase()).replace(/^[a-z]/, (c) => c.toUpperCase());
const key = (k) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k));

function docComment(text, indent) {
  if (!text) return '';
  const words = String(text).replace(/\*\//g, '*\\/').split(/\s+/);
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && `${indent} * ${line} ${w}`.length > 110) {
      lines.push(line);
      line = w;
    } else {
      line = line ? `${line} ${w}` : w;
    }
  }
  if (line) lines.push(line);
  if (lines.length === 1 && `${indent}/** ${lines[0]} */`.length <= 110) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}

export function generate(root) {
  const schemas = loadSchemas(root);
  const named = new Map(); // "<schema>#<pointer>" -> type name
  const order = [];
  const isNamed = (s) => s && typeof s === 'object' &&
    ((s.type === 'object' && s.properties) || Array.isArray(s.enum) || s.oneOf || (s.anyOf && !s.anyOf.every(presenceOnly)));
  for (const name of Object.keys(SCHEMA_FILES)) {
    named.set(`${name}#`, ROOTS[name]);
    order.push([name, '', schemas[name]]);
    for (const [def, s] of Object.entries(schemas[name].$defs || {})) {
      const id = `${name}#/$defs/${def}`;
      if (!isNamed(s)) continue;
      named.set(id, NAMES[id] || `${PREFIX[name]}${pascal(def)}`);
      order.push([name, `/$defs/${def}`, s]);
    }
  }

  const union = (types) => [...new Set(types)].join(' | ');
  const paren = (t) => (/[|&]/.test(t) ? `(${t})` : t);

  function typeOf(node, file, indent) {
    if (node === true || node === undefined) return 'unknown';
    if (node === false) return 'never';
    if (node.$ref) {
      const r = resolveRef(schemas, file, node.$ref);
      const id = `${r.name}#${r.fragment}`;
      return named.get(id) || typeOf(r.schema, r.name, indent);
    }
    if ('const' in node) return JSON.stringify(node.const);
    if (Array.isArray(node.enum)) return union(node.enum.map((v) => JSON.stringify(v)));
    const branches = [...(node.oneOf || []), ...(node.anyOf || [])].filter((b) => !presenceOnly(b));
    if (branches.length && !node.type && !node.properties) return union(branches.map((b) => typeOf(b, file, indent)));
    const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : node.properties ? ['object'] : [];
    if (!types.length) return 'unknown';
    return union(types.map((t) => {
      switch (t) {
        case 'integer':
        case 'number': return 'number';
        case 'string': return 'string';
        case 'boolean': return 'boolean';
        case 'null': return 'null';
        case 'array':
          if (node.prefixItems) return `[${node.prefixItems.map((b) => typeOf(b, file, indent)).join(', ')}]`;
          return `${paren(typeOf(node.items, file, indent))}[]`;
        default: return objectOf(node, file, indent);
      }
    }));
  }

  function objectOf(node, file, indent) {
    const props = Object.entries(node.properties || {}).filter(([, s]) => s !== true);
    const open = node.additionalProperties !== false;
    if (!props.length) return open ? '{ [key: string]: unknown }' : '{}';
    const required = new Set(node.required || []);
    const inner = `${indent}  `;
    let out = '{\n';
    for (const [k, s] of props) {
      out += docComment(s.description || (s.$ref && resolveRef(schemas, file, s.$ref).schema.description), inner);
      out += `${inner}${key(k)}${required.has(k) ? '' : '?'}: ${typeOf(s, file, inner)};\n`;
    }
    if (open) out += `${inner}/** Further keys are accepted and ignored. */\n${inner}[key: string]: unknown;\n`;
    return `${out}${indent}}`;
  }

  let out = `// Generated by scripts/schema-to-dts.mjs from ${Object.values(SCHEMA_FILES).join(', ')}.\n` +
    '// Do not edit: change the schema, then run node scripts/schema-to-dts.mjs (a test fails when this file differs).\n' +
    '// The JSON contract of gpusizer (docs/contract.md): what estimate() reads and answers, the\n' +
    '// catalog, and the claims.\n';
  for (const [name, pointer, s] of order) {
    const typeName = named.get(`${name}#${pointer}`);
    out += `\n${docComment(s.description || s.title, '')}`;
    const body = typeOf(s, name, '');
    const alternatives = [...(s.oneOf || []), ...(s.anyOf || [])].some((b) => !presenceOnly(b));
    const isObject = s.type === 'object' && s.properties && !alternatives;
    out += isObject ? `export interface ${typeName} ${body}\n` : `export type ${typeName} = ${body};\n`;
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.join(root, OUTPUT);
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch { /* first run */ }
  const next = generate(root);
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error(`${OUTPUT} differs from the schemas; run node scripts/schema-to-dts.mjs`);
      process.exit(1);
    }
  } else if (next !== current) {
    writeFileSync(file, next);
    console.log(`${OUTPUT} written`);
  }
}

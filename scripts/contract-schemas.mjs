// The JSON Schemas of the contract, read one way by the generator of docs/contract.md (contract-doc.mjs), the
// TypeScript generator (schema-to-dts.mjs) and the tests (tests/data/contract-*.test.mjs).
//
// The schemas refer to each other by file-relative URIs ("../data/catalog.schema.json"), as an
// editor resolves them; loadSchemas() gives each the file URL of its path as $id, so Ajv resolves
// them the same way.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The schema files, repository-relative, with the name of the document each describes. */
export const SCHEMA_FILES = Object.freeze({
  catalog: 'core/data/catalog.schema.json',
  request: 'core/schema/request.schema.json',
  response: 'core/schema/response.schema.json',
  claims: 'core/schema/claims.schema.json',
});

/** {name: schema} with $id set to each file's URL (the files themselves have none). */
export function loadSchemas(root) {
  const out = {};
  for (const [name, rel] of Object.entries(SCHEMA_FILES)) {
    const file = path.join(root, rel);
    out[name] = { $id: pathToFileURL(file).href, ...JSON.parse(readFileSync(file, 'utf8')) };
  }
  return out;
}

/** The schema a JSON pointer ("#/$defs/x") names inside `doc`. */
export function atPointer(doc, fragment) {
  let node = doc;
  for (const raw of fragment.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node?.[key];
  }
  if (node === undefined) throw new Error(`no schema at ${fragment}`);
  return node;
}

/**
 * Resolves a $ref made in schema `from` (a name of SCHEMA_FILES): {name, fragment, schema}, where
 * name is the schema file it lands in and fragment the pointer inside it ("" for its root).
 */
export function resolveRef(schemas, from, ref) {
  const base = new URL(schemas[from].$id);
  const target = new URL(ref, base);
  const hash = target.hash;
  target.hash = '';
  const name = Object.keys(schemas).find((n) => schemas[n].$id === target.href);
  if (!name) throw new Error(`$ref ${ref} from ${from} leaves the contract's schemas`);
  const fragment = hash.replace(/^#/, '');
  return { name, fragment, schema: fragment ? atPointer(schemas[name], `#${fragment}`) : schemas[name] };
}

/** A branch of anyOf/oneOf/not that only constrains presence ({required, properties: {k: true}}). */
export function presenceOnly(branch) {
  if (!branch || typeof branch !== 'object') return false;
  const keys = Object.keys(branch);
  return keys.every((k) => ['required', 'properties', 'not'].includes(k)) &&
    Object.values(branch.properties || {}).every((v) => v === true || (v && typeof v === 'object' && !v.description && !v.$ref)) &&
    (!branch.not || presenceOnly(branch.not));
}

/**
 * Every field a schema describes, depth first in the schema's order: {path, schema, required,
 * name, file, shared}, where path is dotted ("model.preset", "result.options[].cost.billing[].period"),
 * shared names the $def the field (or its items) refers to, and schema the field's own schema with a $ref inside the same file followed (its description
 * taken when the field has none). A $ref to another file (the request's catalog) is a field of
 * its own, not walked into. A oneOf of objects (the response: ok or error) is walked branch by
 * branch, each field once.
 */
export function fieldsOf(schemas, name) {
  const out = [];
  const seen = new Set();
  const follow = (node, file) => {
    let n = node, f = file;
    for (let hops = 0; n && typeof n === 'object' && n.$ref && hops < 20; hops++) {
      const r = resolveRef(schemas, f, n.$ref);
      if (r.name !== f) return { schema: { ...r.schema, ...withoutRef(n), external: r.name }, file: f };
      const { $ref, ...rest } = n;
      n = { ...r.schema, ...rest, description: rest.description ?? r.schema.description };
      f = r.name;
    }
    return { schema: n, file: f };
  };
  const walk = (node, file, prefix) => {
    const { schema, file: f } = follow(node, file);
    if (!schema || typeof schema !== 'object' || schema.external) return;
    for (const branch of [...(schema.oneOf || []), ...(schema.anyOf || []), ...(schema.allOf || [])]) {
      if (!presenceOnly(branch)) walk(branch, f, prefix);
    }
    const required = new Set(schema.required || []);
    for (const [key, sub] of Object.entries(schema.properties || {})) {
      if (sub === true) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      const resolved = follow(sub, f);
      if (seen.has(path)) {
        // The same field in another branch of a oneOf (ok: true in one answer, false in the other).
        const field = out.find((x) => x.path === path);
        field.alternatives = [...(field.alternatives || [field.schema]), resolved.schema];
      } else {
        seen.add(path);
        const shared = sub.$ref || (sub.items && sub.items.$ref) || null;
        out.push({ path, name: key, schema: resolved.schema, required: required.has(key), file: resolved.file,
          shared: shared && `${f}:${shared}` });
      }
      walk(sub, f, path);
    }
    if (schema.items && typeof schema.items === 'object') walk(schema.items, f, `${prefix}[]`);
  };
  walk(schemas[name], name, '');
  return out;
}

/** `node` with its $refs followed (within the contract's schemas), as schema `file` makes them. */
export function deref(schemas, file, node) {
  let n = node, f = file;
  for (let hops = 0; n && typeof n === 'object' && n.$ref && hops < 20; hops++) {
    const r = resolveRef(schemas, f, n.$ref);
    if (r.name !== f) return { ...r.schema, ...withoutRef(n), external: r.name };
    n = { ...r.schema, ...withoutRef(n), description: n.description ?? r.schema.description };
    f = r.name;
  }
  return n;
}

function withoutRef(node) {
  const { $ref, ...rest } = node;
  return rest;
}

#!/usr/bin/env node
// A tiny dependency-free static server for the assembled site, with the strict CSP the page
// must run under on every response.
//
//   node scripts/serve.mjs [DIR=build/wasm/site] [--port 8080] [--gzip]
//
// Also a module: `startServer({ dir, port, files, gzip })` resolves to `{ url, close() }`; port 0 picks a
// free port (the browser tests use that). gzip: the site's files are sent gzipped (zlib level 9, as
// scripts/site-size.mjs counts them) to a client that accepts it, as a static host or a CDN
// sends them; scripts/bench-page.mjs measures the page so. `files` maps a URL path to a file that exists only in
// this server, {body, type, delayMs, headers}: the browser tests serve catalogs with it, a slow one
// answering after delayMs (a catalog-src switch with the first load still on its way), and host
// pages whose own CSP (headers) lets them frame the site from another origin. The map is read
// on each request, so entries may be added after the server has started.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

function send(res, status, body, headers = {}) {
  res.writeHead(status, {
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Content-Type': 'text/plain; charset=utf-8',
    ...headers,
  });
  res.end(body);
}

/** Maps a request path to a file inside root, or null when it would leave root. */
function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return file;
}

// What a host compresses: text, and the wasm module (images are compressed already).
const COMPRESSIBLE = /^(text\/|application\/(json|wasm|manifest\+json))|^image\/svg/;

export function startServer({ dir = 'build/wasm/site', port = 8080, host = '127.0.0.1', files = {}, gzip = false } = {}) {
  const root = fs.realpathSync(path.resolve(dir));
  const timers = new Set();
  const zipped = new Map(); // file → {mtimeMs, body}: each file compressed once
  const gzipped = (file, stat, body) => {
    const hit = zipped.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit.body;
    const z = zlib.gzipSync(body, { level: 9 });
    zipped.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, body: z });
    return z;
  };
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
    }
    const urlPath = (req.url || '/').split('?')[0].split('#')[0];
    const virtual = Object.hasOwn(files, urlPath) ? files[urlPath] : null;
    if (virtual) {
      const body = Buffer.from(virtual.body ?? '');
      const answer = () => {
        if (res.destroyed) return; // the client gave up (an aborted fetch)
        send(res, 200, req.method === 'HEAD' ? undefined : body, {
          'Content-Type': virtual.type || MIME[path.extname(urlPath).toLowerCase()] || 'application/octet-stream',
          'Content-Length': body.length,
          'Cache-Control': 'no-store',
          ...(virtual.headers || {}),
        });
      };
      if (!(virtual.delayMs > 0)) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, virtual.delayMs);
      timers.add(timer);
      return;
    }
    let file = resolveInside(root, urlPath);
    if (!file) return send(res, 404, 'not found\n');
    try {
      if (fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
      // A symlink inside the site must not lead outside it either.
      const real = fs.realpathSync(file);
      if (real !== root && !real.startsWith(root + path.sep)) return send(res, 404, 'not found\n');
      const stat = fs.statSync(real);
      const type = MIME[path.extname(real).toLowerCase()] || 'application/octet-stream';
      // Revalidated on every use (no-cache), answered 304 when unchanged, as a static host does.
      const tag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}${gzip ? '-z' : ''}"`;
      const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache', ETag: tag };
      if (String(req.headers['if-none-match'] || '').split(/\s*,\s*/).includes(tag)) {
        res.writeHead(304, { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', ...headers });
        return res.end();
      }
      let body = fs.readFileSync(real);
      if (gzip && COMPRESSIBLE.test(type)) {
        headers.Vary = 'Accept-Encoding';
        if (/\bgzip\b/.test(String(req.headers['accept-encoding'] || ''))) {
          body = gzipped(real, stat, body);
          headers['Content-Encoding'] = 'gzip';
        }
      }
      headers['Content-Length'] = body.length;
      send(res, 200, req.method === 'HEAD' ? undefined : body, headers);
    } catch {
      send(res, 404, 'not found\n');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      const shown = host === '127.0.0.1' || host === '::1' ? 'localhost' : host;
      resolve({
        url: `http://${shown}:${actual}/`,
        close: () => new Promise((done) => {
          for (const timer of timers) clearTimeout(timer);
          server.closeAllConnections?.();
          server.close(() => done());
        }),
      });
    });
  });
}

function parseArgs(argv) {
  const opts = { dir: 'build/wasm/site', port: 8080 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port' || a === '-p') opts.port = Number(argv[++i]);
    else if (a.startsWith('--port=')) opts.port = Number(a.slice(7));
    else if (a === '--gzip') opts.gzip = true;
    else if (a === '--help' || a === '-h') opts.help = true;
    else opts.dir = a;
  }
  return opts;
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help || !Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) {
    console.log('usage: node scripts/serve.mjs [DIR=build/wasm/site] [--port 8080] [--gzip]');
    process.exit(opts.help ? 0 : 2);
  }
  if (!fs.existsSync(opts.dir)) {
    console.error(`serve: ${opts.dir} does not exist (build the site with: cmake --build --preset wasm)`);
    process.exit(2);
  }
  const { url } = await startServer(opts);
  console.log(`serving ${path.resolve(opts.dir)} at ${url}`);
}

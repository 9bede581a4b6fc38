// "Use your own price catalog": a file input beside the calculator (index.html #catalog-file, in
// the site and in the one-file offline page) that sets the element's catalog property from a
// catalog the user chooses: JSON (checked by the core as a request's catalog is) or a price list
// (CSV, made into a catalog by the core's import). Nothing is uploaded: the file is read here.
// Every sentence is the message table's or the core's, in the element's language; the file's
// name and the core's messages go in as text.
import * as engine from './sizer/engine.js';
import { i18n, normalizeLang, hasLang, loadLang } from './sizer/i18n.js';
import { h, replace } from './sizer/dom.js';

const MAX_BYTES = 2 * 1024 * 1024; // the core's limit; a larger file is not even read

export class CatalogFile {
  /**
   * @param {HTMLElement} box    the container: label, file input, reset button, status
   * @param {HTMLElement} sizer  the <gpu-sizer> whose catalog it sets
   */
  constructor(box, sizer) {
    this.box = box;
    this.sizer = sizer;
    this.input = box.querySelector('input[type="file"]');
    this.label = box.querySelector('label');
    this.reset = box.querySelector('button');
    this.status = box.querySelector('[role="status"]');
    this.file = null; // {name, bytes} of the last file chosen
    this.outcome = null; // {ok, count} or {ok: false, message}
    this.seq = 0;
    this.input.addEventListener('change', () => this.choose(this.input.files?.[0]));
    this.reset.addEventListener('click', () => this.clear());
    new MutationObserver(() => this.relocalize()).observe(sizer, { attributes: true, attributeFilter: ['lang'] });
    // Until the element is defined its lang getter is HTMLElement's: ask again once it is.
    customElements.whenDefined('gpu-sizer').then(() => this.relocalize());
    this.lang = this.currentLang();
    this.render();
    box.hidden = false;
  }

  currentLang() {
    return (typeof this.sizer.lang === 'string' && normalizeLang(this.sizer.lang)) || normalizeLang(this.sizer.getAttribute('lang')) || 'en';
  }

  async choose(file) {
    if (!file) return;
    const seq = ++this.seq;
    if (file.size > MAX_BYTES) {
      this.file = { name: file.name, bytes: null };
      this.outcome = { ok: false, message: `${(file.size / 1048576).toFixed(1)} MB > 2 MB` };
      return this.render();
    }
    // The bytes, not the browser's decoding of them: the core refuses a file that is not UTF-8
    // (a spreadsheet's GBK export) as the CLI does, where file.text() would have put U+FFFD in.
    this.file = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
    await this.check(seq);
  }

  /** The file through the core; the catalog set on the element when it passes. */
  async check(seq = ++this.seq) {
    const { name, bytes } = this.file;
    if (bytes == null) return this.render();
    // JSON by its name or its first character (after a byte-order mark and white space).
    let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at])) at++;
    const json = /\.json$/i.test(name) || bytes[at] === 0x7b || bytes[at] === 0x5b;
    let outcome;
    let catalog = null;
    try {
      if (json) {
        const answer = await engine.checkCatalog(bytes, this.lang);
        // UTF-8, as the core has just read it (the decoder drops a byte-order mark).
        if (answer.ok) catalog = JSON.parse(new TextDecoder().decode(bytes));
        outcome = answer.ok ? { ok: true, count: answer.offers } : { ok: false, message: answer.error?.message || '', path: answer.error?.path };
      } else {
        const answer = await engine.catalogFromCsv(bytes, this.lang);
        if (answer.ok) catalog = answer.catalog;
        outcome = answer.ok ? { ok: true, count: answer.catalog.offers.length } : { ok: false, message: answer.error?.message || '' };
      }
    } catch (err) {
      outcome = { ok: false, message: String(err?.message || err) };
    }
    if (seq !== this.seq) return;
    this.outcome = outcome;
    if (catalog) this.sizer.catalog = catalog;
    this.render();
  }

  clear() {
    ++this.seq;
    this.file = null;
    this.outcome = null;
    this.input.value = '';
    this.sizer.catalog = null;
    this.render();
  }

  relocalize() {
    const lang = this.currentLang();
    if (lang === this.lang) return;
    if (!hasLang(lang)) {
      loadLang(lang).then(() => this.relocalize(), () => {}); // its strings first (their own module)
      return;
    }
    this.lang = lang;
    // The core's message in the new language too.
    if (this.file && this.outcome && !this.outcome.ok && this.file.bytes != null) this.check();
    this.render();
  }

  render() {
    const { t, fmt } = i18n(this.lang);
    this.label.textContent = t('catalogFileLabel');
    this.reset.textContent = t('catalogFileDefault');
    this.reset.hidden = !(this.outcome && this.outcome.ok);
    const o = this.outcome;
    if (!o) return replace(this.status, t('catalogFileDefaultInUse'));
    if (o.ok) return replace(this.status, h('span', { class: 'ok' }, fmt(o.count === 1 ? 'catalogFileUsingOne' : 'catalogFileUsing', { name: this.file.name, count: o.count })));
    replace(this.status, h('span', { class: 'error' }, fmt('catalogFileFailed', { name: this.file.name }), o.path ? h('code', null, o.path) : null, o.path ? ' ' : null, o.message));
  }
}

const box = document.getElementById('catalog-file');
const sizer = document.querySelector('gpu-sizer');
if (box && sizer) new CatalogFile(box, sizer);

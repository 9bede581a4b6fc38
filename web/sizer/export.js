// Taking the result to a budget meeting: the comparison as CSV (UTF-8 with a byte-order mark, so
// spreadsheets open Chinese text correctly; headers in the page's language; one row per offer),
// the request and the response as JSON, a Markdown summary in the page's language (the job, the
// recommended plan with the core's reason and its whole bill line by line, the alternatives, buying
// and hosting instead, the assumptions, the warnings, the price dates), and Print (gpu-sizer.css
// has the print styles). Everything is formatted from the
// core's response: the numbers in the CSV are the response's own, nothing is recomputed.
// The CSV and Markdown formats are in export-formats.js, imported on their first click.
import { h } from './dom.js';
import { i18n } from './i18n.js';

const str = (v) => (v == null ? '' : String(v));
// Named by a template (the offline bundle's esbuild includes every ./export-*.js it matches):
// scripts/site-size.mjs counts what a page loads by the names its scripts spell out, and the
// formats load on a click only.
const FORMATS = 'formats';

/** The file names of the downloads: gpusizer-<what>-<date>.<ext>. */
const fileName = (what, date, ext) => `gpusizer-${what}${date ? `-${date}` : ''}.${ext}`;

function download(name, text, type) {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click(); // a detached link downloads too: nothing is added to the host page
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export class Exporter {
  /**
   * @param {HTMLElement} container
   * @param {{version: () => string}} callbacks
   */
  constructor(container, { version }) {
    this.version = version;
    this.response = null;
    this.ctx = null;
    this.legend = h('span', { class: 'export-label', id: 'export-label' });
    const button = (kind) => {
      const b = h('button', { type: 'button', class: 'small-button', 'data-export': kind });
      b.addEventListener('click', () => this.run(kind));
      return b;
    };
    this.buttons = { csv: button('csv'), json: button('json'), md: button('md'), print: button('print') };
    this.root = h(
      'div',
      { class: 'export', part: 'export', role: 'group', 'aria-labelledby': 'export-label', hidden: true },
      this.legend,
      Object.values(this.buttons),
    );
    container.append(this.root);
  }

  setStale(stale) {
    this.root.toggleAttribute('data-stale', stale);
    for (const b of Object.values(this.buttons)) b.disabled = stale;
  }

  update(response, ctx) {
    this.response = response;
    this.ctx = ctx;
    this.setStale(false);
    const { t } = i18n(ctx.lang);
    this.legend.textContent = t('exportLegend');
    this.buttons.csv.textContent = t('exportCsv');
    this.buttons.json.textContent = t('exportJson');
    this.buttons.md.textContent = t('exportMd');
    this.buttons.print.textContent = t('exportPrint');
    this.root.hidden = false;
  }

  async run(kind) {
    const response = this.response;
    const ctx = this.ctx;
    if (!response || !ctx) return undefined;
    const date = str(response.request?.goal?.asOf);
    if (kind === 'print') return window.print();
    if (kind === 'csv' || kind === 'md') {
      const { toCsv, toMarkdown } = await import(`./export-${FORMATS}.js`);
      if (kind === 'csv') return download(fileName('offers', date, 'csv'), toCsv(response, ctx), 'text/csv;charset=utf-8');
      const text = toMarkdown(response, { ...ctx, version: this.version(), date });
      return download(fileName('summary', date, 'md'), text, 'text/markdown;charset=utf-8');
    }
    const { request, ...answer } = response;
    const text = `${JSON.stringify({ request, response: answer }, null, 2)}\n`;
    return download(fileName('estimate', date, 'json'), text, 'application/json');
  }
}

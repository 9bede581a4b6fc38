// A CSV cell a spreadsheet reads as text: one beginning with =, +, -, @, a tab or a carriage
// return would be run as a formula (CSV injection, OWASP), so it gets a leading apostrophe, which
// the core's price-list reader takes off again (kit/csv.cpp). Shared by the comparison's export and
// the provider kit's price list.

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet shows it, never as a formula. */
export const formulaSafe = (text) => (FORMULA_START.test(text) ? `'${text}` : text);

/** A quoted CSV field of the text, safe from formulas. */
export const quotedField = (v) => `"${formulaSafe(String(v ?? '')).replace(/"/g, '""')}"`;

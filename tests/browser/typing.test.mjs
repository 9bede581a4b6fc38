// The form as people fill it in: placeholders read as examples ("e.g. 350", "如 350") or as the
// default the core uses ("default 30"), never as values; a required field says so before anything
// is submitted (and is aria-required); the core's messages name fields by their labels, never by a
// JSON path (training.examples); and a result computed from half-typed input ("1.5" on the way to
// "1.5万亿", typed through an input method) is marked as for the input so far until typing pauses,
// nothing being estimated while the input method composes.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openWithResult, shadow, waitShadow, settled, TIMEOUT } from './harness.mjs';

const site = useSite();
const JSON_PATH = /\b(?:model|training|hardware|goal|data|efficiency)\.[A-Za-z]/;

const fieldState = (page, name) => shadow(page, ({ shadowRoot: root }, n) => {
  const control = root.querySelector(`#f-${n}`);
  const field = control.closest('.field');
  const label = field.querySelector(':scope > label');
  const after = getComputedStyle(label, '::after').content; // the word, drawn after the label
  return {
    placeholder: control.placeholder,
    required: label.hasAttribute('data-required') && after !== 'none' && after !== 'normal',
    mark: label.getAttribute('data-required') || '',
    ariaRequired: control.getAttribute('aria-required'),
    error: field.querySelector('.error')?.textContent || '',
  };
}, name);

for (const [lang, locale, words] of [
  ['en', 'en-US', { example: 'e.g. 350', days: 'default 30', required: 'Required', examples: '“Examples”' }],
  ['zh', 'zh-CN', { example: '如 350', days: '默认 30', required: '必填', examples: '“样本数”' }],
]) {
  describe(`the form in ${lang}`, () => {
    let page;
    before(async () => {
      const context = await site.newContext({ locale });
      page = await site.newPage(`typing-${lang}`, context);
      await page.goto(site.url);
      await waitShadow(page, ({ shadowRoot: root }) => root.querySelectorAll('tbody tr[data-offer-id]').length > 0, null, 'first result');
      await settled(page);
    });

    test('placeholders read as examples or as the default, never as a value', async () => {
      await page.locator('gpu-sizer input[name="dataAs"][value="examples"]').check();
      assert.equal((await fieldState(page, 'tokensPerExample')).placeholder, words.example);
      await page.locator('gpu-sizer #f-days').fill('');
      assert.equal((await fieldState(page, 'days')).placeholder, words.days);
      await page.locator('gpu-sizer #f-days').fill('30');
    });

    test('required fields say so before anything is submitted, and only where they apply', async () => {
      const ex = await fieldState(page, 'examples');
      const tpe = await fieldState(page, 'tokensPerExample');
      assert.deepEqual([ex.required, ex.mark, ex.ariaRequired], [true, words.required, 'true']);
      assert.deepEqual([tpe.required, tpe.ariaRequired], [true, 'true']);
      assert.equal((await fieldState(page, 'tokens')).required, false, 'tokens are not asked for when the data is given as examples');
      assert.equal(ex.error, '', 'nothing submitted, no error yet');
      await page.locator('gpu-sizer input[name="dataAs"][value="tokens"]').check();
      assert.equal((await fieldState(page, 'tokens')).required, true);
      assert.equal((await fieldState(page, 'examples')).required, false);
      assert.equal((await fieldState(page, 'params')).required, false, 'a preset gives the size');
      await page.locator('gpu-sizer #f-preset').selectOption('custom');
      assert.equal((await fieldState(page, 'params')).required, true);
      await page.locator('gpu-sizer #f-preset').selectOption('llama-2-7b');
    });

    test('the core’s error names the field by its label, not by a JSON path', async () => {
      await page.locator('gpu-sizer input[name="dataAs"][value="examples"]').check();
      await page.locator('gpu-sizer #f-tokensPerExample').fill('');
      await page.locator('gpu-sizer #f-examples').fill('52000');
      await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('#f-tokensPerExample').getAttribute('aria-invalid') === 'true', null, 'the error beside tokens per example');
      const { error } = await fieldState(page, 'tokensPerExample');
      const shown = await shadow(page, ({ shadowRoot: root }) => root.textContent);
      // Led by the field's label, as the core names it (diagnostics/fields.cpp).
      assert.match(error, lang === 'zh' ? /^每条样本的 token 数：/ : /^tokens per example: /, error);
      assert.doesNotMatch(error, JSON_PATH, error);
      assert.doesNotMatch(shown, JSON_PATH);
      await page.locator('gpu-sizer input[name="dataAs"][value="tokens"]').check();
      await settled(page);
    });
  });
}

describe('a result from half-typed input', () => {
  let page;
  before(async () => {
    page = await openWithResult(site, 'half-typed');
    await settled(page);
  });

  const marked = () => shadow(page, ({ shadowRoot: root }) => {
    const summary = root.querySelector('[part="summary"]') || root.querySelector('.summary');
    const note = root.querySelector('.stale-note');
    return { typing: summary?.hasAttribute('data-typing') ?? null, stale: summary?.hasAttribute('data-stale') ?? null, note: note && !note.hidden ? note.textContent : '' };
  });

  test('typed through an input method: nothing is estimated while it composes, the figures shown are marked as for the input so far, then "1.5万亿" is the answer', async () => {
    const tokens = page.locator('gpu-sizer #f-tokens');
    await tokens.fill('1.5');
    await waitShadow(page, () => window.__events.some((e) => e.type === 'gpusizer-result' && e.tokens === '1.5'), null, 'the answer for 1.5');
    // The input method starts on "万亿" (pinyin first): the answer for "1.5" is shown, marked.
    const cdp = await page.context().newCDPSession(page);
    const from = await page.evaluate(() => window.__events.length);
    await cdp.send('Input.imeSetComposition', { text: 'wan', selectionStart: 3, selectionEnd: 3 });
    await cdp.send('Input.imeSetComposition', { text: 'wanyi', selectionStart: 5, selectionEnd: 5 });
    await waitShadow(page, ({ shadowRoot: root }) => root.querySelector('.summary[data-typing]'), null, 'marked while composing');
    assert.deepEqual(await marked(), { typing: true, stale: true, note: 'Still typing: these figures are for the input so far' });
    await cdp.send('Input.insertText', { text: '万亿' });
    assert.equal(await tokens.inputValue(), '1.5万亿');
    await waitShadow(page, () => window.__events.some((e) => e.type === 'gpusizer-result' && e.tokens === '1.5万亿'), null, 'the answer for 1.5万亿');
    // Nothing of the text being composed was estimated: the next answer is the committed one's.
    const since = await page.evaluate((n) => window.__events.slice(n).map((e) => e.tokens), from);
    assert.ok(since.every((t) => t === '1.5万亿'), `answers since the composition began: ${since}`);
    await page.waitForFunction(() => !document.querySelector('gpu-sizer').shadowRoot.querySelector('[data-typing]'), null, { timeout: TIMEOUT });
    assert.deepEqual(await marked(), { typing: false, stale: false, note: '' });
    const last = await settled(page);
    assert.equal(last.result.training.tokens, 1.5e12);
    await cdp.detach();
  });

  test('typed key by key, the answer to a number on its way is marked until typing pauses', async () => {
    const tokens = page.locator('gpu-sizer #f-tokens');
    // The mark comes with the keystroke itself (read in the same task as the input event), before
    // any answer; it goes once typing has paused and the answer for the whole input is shown.
    const atOnce = await page.locator('gpu-sizer').evaluate(({ shadowRoot: root }) => {
      const input = root.querySelector('#f-tokens');
      input.value = '2';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: '2' }));
      return root.querySelector('.summary').hasAttribute('data-typing');
    });
    assert.equal(atOnce, true);
    await tokens.pressSequentially('T');
    await waitShadow(page, () => window.__events.some((e) => e.type === 'gpusizer-result' && e.tokens === '2T'), null, 'the answer for 2T');
    await page.waitForFunction(() => !document.querySelector('gpu-sizer').shadowRoot.querySelector('[data-typing]'), null, { timeout: TIMEOUT });
    assert.equal((await settled(page)).result.training.tokens, 2e12);
  });
});

site.assertClean();

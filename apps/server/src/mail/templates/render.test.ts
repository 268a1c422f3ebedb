import { describe, expect, it } from 'vitest';
import { checkTemplate, compileCount, renderTemplate, TemplateError } from './render.ts';

const html = (source: string, variables: unknown = {}) =>
  renderTemplate({ subject: '', html: source, text: '' }, variables).html;
const text = (source: string, variables: unknown = {}) =>
  renderTemplate({ subject: '', html: '', text: source }, variables).text;

describe('issue 13 template rendering (Handlebars)', () => {
  it('escapes variables in HTML by default; {{{raw}}} is not escaped', () => {
    const name = '<script>alert("x")</script> & co';
    expect(html('<p>Hi {{name}}</p>', { name })).toBe(
      '<p>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</p>',
    );
    expect(html('<p>{{{name}}}</p>', { name })).toBe(`<p>${name}</p>`);
  });

  it('leaves subject and text unescaped: they are not HTML', () => {
    const out = renderTemplate(
      { subject: 'Order {{id}} & more', html: '', text: 'Tom & "Jerry" {{who}}' },
      {
        id: '<42>',
        who: 'A&B',
      },
    );
    expect(out.subject).toBe('Order <42> & more');
    expect(out.text).toBe('Tom & "Jerry" A&B');
  });

  it('#if / else, #unless, #each with @index and nested objects', () => {
    const source = '{{#if vip}}VIP{{else}}regular{{/if}}|{{#each items}}{{@index}}:{{this.name}}={{price}};{{/each}}';
    expect(
      text(source, {
        vip: true,
        items: [
          { name: 'a', price: 1 },
          { name: 'b', price: 2 },
        ],
      }),
    ).toBe('VIP|0:a=1;1:b=2;');
    expect(text(source, { vip: false, items: [] })).toBe('regular|');
    expect(
      text('{{#unless paid}}unpaid{{/unless}} {{user.address.city}}', { user: { address: { city: 'Oslo' } } }),
    ).toBe('unpaid Oslo');
  });

  it('date and formatDate format ISO texts, Unix seconds and milliseconds (UTC, optional tz)', () => {
    const vars = { iso: '2026-03-05T14:07:09Z', secs: 1772719629, ms: 1772719629000 };
    expect(text('{{date iso "YYYY-MM-DD"}}', vars)).toBe('2026-03-05');
    expect(text('{{date secs "DD.MM.YYYY HH:mm:ss"}}', vars)).toBe('05.03.2026 14:07:09');
    expect(text('{{formatDate ms "MMMM D, YYYY h:mm A"}}', vars)).toBe('March 5, 2026 2:07 PM');
    expect(text('{{date iso "HH:mm" tz="+02:00"}}', vars)).toBe('16:07');
    expect(text('{{date iso}}', vars)).toBe('2026-03-05');
    expect(text('[{{date missing "YYYY"}}][{{date "not a date" "YYYY"}}]', vars)).toBe('[][]');
  });

  it('default and insert give a fallback for a missing or empty value', () => {
    expect(text('Hi {{default name "friend"}}', {})).toBe('Hi friend');
    expect(text('Hi {{default name "friend"}}', { name: '' })).toBe('Hi friend');
    expect(text('Hi {{default name "friend"}}', { name: 'Ann' })).toBe('Hi Ann');
    expect(text('Hi {{insert name "default=Customer"}}', {})).toBe('Hi Customer');
    expect(html('{{default name "<b>"}}', {})).toBe('&lt;b&gt;');
  });

  it('eq as a subexpression and equals as a block', () => {
    expect(text('{{#if (eq status "paid")}}thanks{{else}}pay{{/if}}', { status: 'paid' })).toBe('thanks');
    expect(text('{{#equals n 3}}three{{else}}other{{/equals}}', { n: 3 })).toBe('three');
    expect(text('{{#equals n 3}}three{{else}}other{{/equals}}', { n: 4 })).toBe('other');
  });

  it('refuses prototype access: constructor, __proto__ and the known template-injection payload render nothing', () => {
    expect(html('[{{constructor}}][{{__proto__}}][{{constructor.name}}][{{lookup this "constructor"}}]', {})).toBe(
      '[][][][]',
    );
    expect(text('{{name.constructor.name}}|{{items.constructor.name}}', { name: 'x', items: [] })).toBe('|');
    // Inherited methods and properties of Object.prototype are not reachable either.
    expect(text('[{{toString}}][{{valueOf}}][{{hasOwnProperty}}][{{user.toString}}]', { user: {} })).toBe('[][][][]');
    // The payload of CVE-2019-19919-style attacks: reach Function through constructor and call it.
    const payload =
      '{{#with "s" as |string|}}{{#with string.constructor as |ctor|}}' +
      '{{#with (ctor.constructor "return process.pid")}}{{this}}{{/with}}{{/with}}{{/with}}';
    let out: string | undefined;
    try {
      out = text(payload);
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateError);
    }
    expect(out ?? '').not.toContain(String(process.pid));
  });

  it('compiles a version once and renders it from the cache after that', () => {
    const content = { subject: 'S {{n}}', html: '<b>{{n}}</b>', text: 'T {{n}}' };
    const before = compileCount.value;
    for (let n = 0; n < 50; n++) {
      expect(renderTemplate(content, { n }, { versionId: 987_654 }).html).toBe(`<b>${n}</b>`);
    }
    expect(compileCount.value - before).toBe(1);
  });

  it('a syntax error names the field, the line and the column', () => {
    const [error] = checkTemplate({ subject: 'ok {{x}}', html: '<p>\n  Hi {{name}\n</p>', text: '' });
    expect(error?.field).toBe('html');
    expect([error?.line, error?.column]).toEqual([2, 12]);
    expect(error?.message).toMatch(/^Line 2, column 12: Handlebars syntax error/);

    const [unclosed] = checkTemplate({ subject: '', html: '', text: 'a\n{{#if x}}\nb' });
    expect(unclosed?.field).toBe('text');
    expect(unclosed?.message).toMatch(/^Line 3, column \d+: /);

    const [mismatch] = checkTemplate({ subject: 'x {{#if a}}y{{/each}}', html: '', text: '' });
    expect(mismatch?.field).toBe('subject');
    expect(mismatch?.message).toMatch(/^Line 1, column \d+: if doesn't match each$/);

    expect(checkTemplate({ subject: '{{a}}', html: '{{#each b}}{{this}}{{/each}}', text: '' })).toEqual([]);
  });

  it('a partial is refused at save with its line and column (none can be registered, so it would fail at send)', () => {
    const [partial] = checkTemplate({ subject: '', html: '<p>Hi</p>\n  {{> footer}}', text: '' });
    expect(partial?.field).toBe('html');
    expect(partial?.message).toBe(
      'Line 2, column 3: Partials ({{> name}}) are not supported: put the shared part in the template',
    );
    const [block] = checkTemplate({ subject: '', html: '', text: '{{#> layout}}x{{/layout}}' });
    expect(block?.field).toBe('text');
    expect(() => html('{{> footer}}')).toThrow(TemplateError);
  });

  it('strict: a printed variable the data lacks is an error naming it; helpers and #if still treat it as missing', () => {
    const content = { subject: 'Hi {{name}}', html: '<p>{{default nick "you"}}{{#if vip}}!{{/if}}</p>', text: '' };
    expect(renderTemplate(content, {}).subject).toBe('Hi ');
    expect(() => renderTemplate(content, {}, { strict: true })).toThrow(
      new TemplateError('subject', 'the variable name is missing', { line: 1, column: 6 }),
    );
    try {
      renderTemplate({ subject: '', html: '<p>\n{{order.id}}</p>', text: '' }, { order: {} }, { strict: true });
    } catch (error) {
      expect((error as TemplateError).field).toBe('html');
      expect((error as Error).message).toBe('Line 2, column 3: the variable id is missing');
    }
    expect(renderTemplate(content, { name: 'Ann' }, { strict: true })).toEqual({
      subject: 'Hi Ann',
      html: '<p>you</p>',
      text: '',
    });
  });
});

import Handlebars from 'handlebars';
import { LRUCache } from 'lru-cache';
import { registerTemplateHelpers } from './helpers.ts';

/**
 * Template rendering with Handlebars, the engine Mailgun and SendGrid templates use (issue 13; ARCHITECTURE §8:
 * compiled once per version, cached, rendered at intake before DKIM). Its own Handlebars environment, so the helpers
 * registered here are all a template can call. HTML is escaped by default ({{{raw}}} is not); subject and text are
 * not HTML, so nothing is escaped there. Handlebars 4.6+ refuses prototype properties and methods (constructor,
 * __proto__, …) unless allowed: the runtime options below say so explicitly, so no upgrade can quietly change it.
 */
const hb = Handlebars.create();
registerTemplateHelpers(hb);

export interface TemplateContent {
  subject: string;
  html: string;
  text: string;
}
export type TemplateField = keyof TemplateContent;
const FIELDS: readonly TemplateField[] = ['subject', 'html', 'text'];

/** A template that cannot be compiled or rendered: the field, and where in it (1-based) when known. */
export class TemplateError extends Error {
  readonly field: TemplateField;
  readonly line: number | undefined;
  readonly column: number | undefined;
  constructor(field: TemplateField, message: string, at?: { line: number; column: number }) {
    super(at ? `Line ${at.line}, column ${at.column}: ${message}` : message);
    this.field = field;
    this.line = at?.line;
    this.column = at?.column;
  }
}

type Compiled = Record<TemplateField, HandlebarsTemplateDelegate>;

const RUNTIME: RuntimeOptions = {
  allowProtoPropertiesByDefault: false,
  allowProtoMethodsByDefault: false,
  allowCallsToHelperMissing: false,
};

/**
 * Compiled versions by version id (and strictness, a setting of the template); a version's content never changes, so
 * an entry never goes stale.
 */
const cache = new LRUCache<string, Compiled>({ max: 2000 });

/** How many compilations ran (tests check that a version is compiled once, however often it is sent). */
export const compileCount = { value: 0 };

interface AstNode {
  type?: string;
  loc?: { start: { line: number; column: number } };
  [key: string]: unknown;
}

/** The first partial (`{{> name}}`, `{{#> name}}…{{/name}}`) in a parsed template, if any. */
function findPartial(node: unknown): AstNode | null {
  if (!node || typeof node !== 'object') return null;
  const ast = node as AstNode;
  if (ast.type === 'PartialStatement' || ast.type === 'PartialBlockStatement') return ast;
  for (const value of Object.values(ast)) {
    const found = Array.isArray(value)
      ? value.reduce<AstNode | null>((hit, child) => hit ?? findPartial(child), null)
      : findPartial(value);
    if (found) return found;
  }
  return null;
}

function compileField(field: TemplateField, source: string, strict = false): HandlebarsTemplateDelegate {
  // Parse first: the parser's own errors carry no position, its lexer still holds where it stopped.
  let parsed: unknown;
  try {
    parsed = hb.parse(source);
  } catch (error) {
    throw syntaxError(field, error);
  }
  // No partials are registered (a version holds all its content), so one would only fail at send: refused at save.
  const partial = findPartial(parsed);
  if (partial?.loc) {
    throw new TemplateError(field, 'Partials ({{> name}}) are not supported: put the shared part in the template', {
      line: partial.loc.start.line,
      column: partial.loc.start.column + 1,
    });
  }
  try {
    // strict: a plain {{name}} the variables lack throws (helpers such as default and #if still see it as missing).
    const template = hb.compile(source, { noEscape: field !== 'html', strict });
    // compile() is lazy: the first call compiles; a throwing program (a block helper misuse) is found here.
    hb.precompile(source, { noEscape: field !== 'html' });
    return template;
  } catch (error) {
    throw syntaxError(field, error);
  }
}

function syntaxError(field: TemplateField, error: unknown): TemplateError {
  const e = error as { message?: string; lineNumber?: number; column?: number };
  const lastLine = (e.message ?? 'Syntax error').split('\n').at(-1) ?? '';
  if (typeof e.lineNumber === 'number') {
    // Handlebars' own exceptions (a block closed by another name) say "… - line:column"; columns are 0-based.
    const message = (e.message ?? '').replace(/ - \d+:\d+$/, '');
    return new TemplateError(field, message, { line: e.lineNumber, column: (e.column ?? 0) + 1 });
  }
  const loc = (hb as unknown as { Parser?: { lexer?: { yylloc?: { first_line: number; first_column: number } } } })
    .Parser?.lexer?.yylloc;
  const got = /got '([^']+)'$/.exec(lastLine)?.[1];
  const what = got === 'EOF' ? 'the template ends inside an expression or an unclosed block' : 'unexpected text';
  const message = `Handlebars syntax error: ${what}`;
  return loc
    ? new TemplateError(field, message, { line: loc.first_line, column: loc.first_column + 1 })
    : new TemplateError(field, message);
}

/** Compiles every field: the save-time check (a syntax error is a TemplateError naming the field, line and column). */
export function compileTemplate(content: TemplateContent, strict = false): Compiled {
  compileCount.value++;
  const compiled = {} as Compiled;
  for (const field of FIELDS) compiled[field] = compileField(field, content[field], strict);
  return compiled;
}

/** The syntax errors of every field (none: it may be saved). */
export function checkTemplate(content: TemplateContent): TemplateError[] {
  return FIELDS.flatMap((field) => {
    try {
      compileField(field, content[field]);
      return [];
    } catch (error) {
      if (error instanceof TemplateError) return [error];
      throw error;
    }
  });
}

export interface RenderOptions {
  /** The version's id: the compiled template is cached under it. Unset (a preview of unsaved content): not cached. */
  versionId?: number | undefined;
  strict?: boolean | undefined;
}

/** Handlebars' strict-mode text ('"name" not defined in [object Object] - 1:2') as a person reads it. */
function describeRuntimeError(message: string): { text: string; at?: { line: number; column: number } } {
  const missing = /^"([^"]+)" not defined in .* - (\d+):(\d+)$/s.exec(message);
  if (missing) {
    return {
      text: `the variable ${missing[1]} is missing`,
      at: { line: Number(missing[2]), column: Number(missing[3]) + 1 },
    };
  }
  return { text: message.replace(/ - \d+:\d+$/, '') };
}

/** Renders content with variables, from the cache when the version was compiled before. */
export function renderTemplate(
  content: TemplateContent,
  variables: unknown,
  options: RenderOptions = {},
): TemplateContent {
  const key = options.versionId === undefined ? undefined : `${options.versionId}:${options.strict ? 1 : 0}`;
  let compiled = key === undefined ? undefined : cache.get(key);
  if (!compiled) {
    compiled = compileTemplate(content, options.strict);
    if (key !== undefined) cache.set(key, compiled);
  }
  const data = variables && typeof variables === 'object' ? variables : {};
  const out = {} as TemplateContent;
  for (const field of FIELDS) {
    try {
      out[field] = compiled[field](data, RUNTIME);
    } catch (error) {
      // Runtime errors: a missing variable (strict), a helper used wrongly, a missing partial.
      const { text, at } = describeRuntimeError((error as Error).message);
      throw new TemplateError(field, text, at);
    }
  }
  return out;
}

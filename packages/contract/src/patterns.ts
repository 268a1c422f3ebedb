import { z } from 'zod';
import { idParams, listOf, okResponse, pageQuery } from './common.ts';
import { BOUNCE_CATEGORIES, PAGE_SIZES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { MTA_OPERATORS } from './roles.ts';

/**
 * The operators' rule lists of the mail engine (spec: system/smtp/patterns, system/dsn/patterns,
 * system/smtp/bouncecat): ordered by position, the first enabled pattern that matches wins.
 */

/** Spec section 8 texts of the three lists, spelled as the spec spells them. */
export const PATTERN_MSG = {
  smtpSaved: 'SMTP pattern saved!',
  smtpDeleted: 'SMTP Pattern deleted!',
  smtpNotFound: 'SMTP Pattern not found!',
  dsnSaved: 'DSN pattern saved!',
  dsnDeleted: 'DSN Pattern deleted!',
  dsnNotFound: 'DSN Pattern not found!',
  /** Spec 8 lists a lower-case 'pattern saved!' beside 'Pattern saved!': the bounce-category list answers it. */
  categorySaved: 'pattern saved!',
  saved: 'Pattern saved!',
  deleted: 'Pattern deleted!',
  notFound: 'Pattern not found!',
  toggled: 'Pattern enabled/disabled!',
} as const;

/**
 * A pattern is a regular expression, matched case-insensitively; written as `/source/flags` it takes exactly those
 * flags (g and y are ignored). Bounce-category patterns see `<status>; <reply>`, e.g. `5.1.1; 550 5.1.1 User unknown`.
 */
export function patternToRegExp(source: string): RegExp {
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(source);
  if (literal) return new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/g, ''));
  return new RegExp(source, 'i');
}

function compiles(source: string): boolean {
  try {
    patternToRegExp(source);
    return true;
  } catch {
    return false;
  }
}

export const patternText = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(2000)
  .refine(compiles, 'Not a valid regular expression');
const note = z.string().trim().max(500);
const position = z.coerce.number().int().min(1).max(1_000_000);
const enhancedStatus = z
  .string()
  .trim()
  .regex(/^[245]\.\d{1,3}\.\d{1,3}$/, 'Use an RFC 3463 status such as 5.1.1');

export const SMTP_PATTERN_ACTIONS = ['retry', 'bounce', 'backoff'] as const;
export const DSN_PATTERN_ACTIONS = ['failed', 'delayed', 'delivered'] as const;

const common = {
  pattern: z.string(),
  note: z.string(),
  enabled: z.boolean(),
  position: z.number().int(),
  updated_at: z.string(),
};

export const smtpPatternSchema = z.object({
  spid: z.number().int(),
  ...common,
  action: z.enum(SMTP_PATTERN_ACTIONS),
  /** backoff only: minutes the destination stays throttled unless a delivery succeeds first. */
  backoff_minutes: z.number().int().nullable(),
});
export type SmtpPattern = z.infer<typeof smtpPatternSchema>;

export const dsnPatternSchema = z.object({
  dpid: z.number().int(),
  ...common,
  status: z.string(),
  action: z.enum(DSN_PATTERN_ACTIONS),
});
export type DsnPattern = z.infer<typeof dsnPatternSchema>;

export const bounceCategoryPatternSchema = z.object({
  spcid: z.number().int(),
  ...common,
  category: z.enum(BOUNCE_CATEGORIES),
  /** null: hard/soft follows the category and the reply class. */
  hard: z.boolean().nullable(),
});
export type BounceCategoryPattern = z.infer<typeof bounceCategoryPatternSchema>;

/** Writes: `position` left out appends at the end (create) or keeps the place (update). */
const writeCommon = {
  pattern: patternText,
  note: note.default(''),
  enabled: z.boolean().default(true),
  position: position.optional(),
};

export const smtpPatternCreate = z
  .object({
    ...writeCommon,
    action: z.enum(SMTP_PATTERN_ACTIONS),
    backoff_minutes: z.coerce.number().int().min(1).max(10_080).nullable().default(null),
  })
  .refine((p) => p.action === 'backoff' || p.backoff_minutes === null, {
    path: ['backoff_minutes'],
    message: 'Only a backoff pattern takes backoff minutes',
  });
export type SmtpPatternCreate = z.infer<typeof smtpPatternCreate>;

export const dsnPatternCreate = z.object({
  ...writeCommon,
  status: enhancedStatus,
  action: z.enum(DSN_PATTERN_ACTIONS),
});
export type DsnPatternCreate = z.infer<typeof dsnPatternCreate>;

export const bounceCategoryPatternCreate = z.object({
  ...writeCommon,
  category: z.enum(BOUNCE_CATEGORIES),
  hard: z.boolean().nullable().default(null),
});
export type BounceCategoryPatternCreate = z.infer<typeof bounceCategoryPatternCreate>;

export const patternListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(0).max(1000).default(PAGE_SIZES.patterns),
  enabled: z.enum(['true', 'false']).optional(),
});
export type PatternListQuery = z.infer<typeof patternListQuery>;

export const patternToggle = z.object({ enabled: z.boolean().optional() });

/** A sample reply ("550 5.1.1 User unknown") or a whole bounce message (RFC 5322 text) to run through a list. */
export const patternTestRequest = z.object({
  text: z.string().min(1, 'This field is required').max(5_000_000),
  /** SMTP reply code of a sample reply, when not written in the text. */
  code: z.coerce.number().int().min(200).max(599).optional(),
  /** RFC 3463 status of a sample reply, when not written in the text. */
  status: enhancedStatus.optional(),
});
export type PatternTestRequest = z.infer<typeof patternTestRequest>;

const testBase = { message: z.string().optional(), recipient: z.string().optional() };
export const smtpPatternTestResult = z.object({
  match: smtpPatternSchema.optional(),
  ...testBase,
  action: z.enum(SMTP_PATTERN_ACTIONS),
  backoff_minutes: z.number().int().nullable(),
});
export const dsnPatternTestResult = z.object({
  match: dsnPatternSchema.optional(),
  ...testBase,
  status: z.string().nullable(),
  action: z.string(),
});
export const bounceCategoryPatternTestResult = z.object({
  match: bounceCategoryPatternSchema.optional(),
  ...testBase,
  category: z.enum(BOUNCE_CATEGORIES),
  hard: z.boolean(),
  status: z.string().nullable(),
});

const saved = <T extends z.ZodObject>(schema: T) => schema.extend({ message: z.string() });

function listEndpoints<S extends z.ZodObject, C extends z.ZodType, R extends z.ZodType>(
  base: string,
  tag: string,
  what: string,
  schema: S,
  create: C,
  testResult: R,
) {
  const one = { access: MTA_OPERATORS, tag, params: idParams } as const;
  return {
    list: defineEndpoint({
      method: 'GET',
      path: base,
      access: MTA_OPERATORS,
      tag,
      summary: `${what}, by position (50 a page).`,
      query: patternListQuery,
      response: listOf(schema),
    }),
    create: defineEndpoint({
      method: 'POST',
      path: base,
      access: MTA_OPERATORS,
      tag,
      summary: `Add a ${what.replace(/s$/, '')}.`,
      body: create,
      response: saved(schema),
    }),
    test: defineEndpoint({
      method: 'POST',
      path: `${base}/test`,
      access: MTA_OPERATORS,
      tag,
      summary: `Which enabled ${what} match a sample reply or a whole bounce message (match), or why none does (message).`,
      body: patternTestRequest,
      response: testResult,
    }),
    get: defineEndpoint({
      ...one,
      method: 'GET',
      path: `${base}/:id`,
      summary: `One of the ${what}.`,
      response: schema,
    }),
    update: defineEndpoint({
      ...one,
      method: 'PUT',
      path: `${base}/:id`,
      summary: `Change one of the ${what}.`,
      body: create,
      response: saved(schema),
    }),
    remove: defineEndpoint({
      ...one,
      method: 'DELETE',
      path: `${base}/:id`,
      summary: `Delete one of the ${what}.`,
      response: okResponse,
    }),
    toggle: defineEndpoint({
      ...one,
      method: 'PUT',
      path: `${base}/:id/toggle`,
      summary: `Enable or disable one of the ${what} (flips it when enabled is left out).`,
      body: patternToggle,
      response: saved(schema),
    }),
  };
}

export const smtpPatternsEndpoints = listEndpoints(
  '/system/smtp/patterns',
  'SMTP patterns',
  'SMTP patterns',
  smtpPatternSchema,
  smtpPatternCreate,
  smtpPatternTestResult,
);
export const dsnPatternsEndpoints = listEndpoints(
  '/system/dsn/patterns',
  'DSN patterns',
  'DSN patterns',
  dsnPatternSchema,
  dsnPatternCreate,
  dsnPatternTestResult,
);
export const bounceCategoryPatternsEndpoints = listEndpoints(
  '/system/smtp/bouncecat',
  'Bounce-category patterns',
  'bounce-category patterns',
  bounceCategoryPatternSchema,
  bounceCategoryPatternCreate,
  bounceCategoryPatternTestResult,
);

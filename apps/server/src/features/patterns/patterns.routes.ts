import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { testCategoryPatterns, testDsnPatterns, testSmtpPatterns } from './pattern-test.service.ts';
import * as service from './patterns.service.ts';
import { CATEGORY_LIST, DSN_LIST, SMTP_LIST } from './patterns.service.ts';

/** Operator rule lists (spec: system/smtp/patterns, system/dsn/patterns, system/smtp/bouncecat). */
export function registerPatternRoutes(app: FastifyInstance, deps: Deps) {
  const db = deps.db;
  const smtp = endpoints.smtpPatterns;
  route(app, deps, smtp.list, ({ query }) => service.listPatterns(db, SMTP_LIST, query));
  route(app, deps, smtp.create, ({ body }) => service.createPattern(db, SMTP_LIST, body));
  route(app, deps, smtp.test, ({ body }) => testSmtpPatterns(db, body));
  route(app, deps, smtp.get, ({ params }) => service.getPattern(db, SMTP_LIST, params.id));
  route(app, deps, smtp.update, ({ params, body }) => service.updatePattern(db, SMTP_LIST, params.id, body));
  route(app, deps, smtp.toggle, ({ params, body }) => service.togglePattern(db, SMTP_LIST, params.id, body.enabled));
  route(app, deps, smtp.remove, ({ params }) => service.deletePattern(db, SMTP_LIST, params.id));

  const dsn = endpoints.dsnPatterns;
  route(app, deps, dsn.list, ({ query }) => service.listPatterns(db, DSN_LIST, query));
  route(app, deps, dsn.create, ({ body }) => service.createPattern(db, DSN_LIST, body));
  route(app, deps, dsn.test, ({ body }) => testDsnPatterns(db, body));
  route(app, deps, dsn.get, ({ params }) => service.getPattern(db, DSN_LIST, params.id));
  route(app, deps, dsn.update, ({ params, body }) => service.updatePattern(db, DSN_LIST, params.id, body));
  route(app, deps, dsn.toggle, ({ params, body }) => service.togglePattern(db, DSN_LIST, params.id, body.enabled));
  route(app, deps, dsn.remove, ({ params }) => service.deletePattern(db, DSN_LIST, params.id));

  const cat = endpoints.bounceCategoryPatterns;
  route(app, deps, cat.list, ({ query }) => service.listPatterns(db, CATEGORY_LIST, query));
  route(app, deps, cat.create, ({ body }) => service.createPattern(db, CATEGORY_LIST, body));
  route(app, deps, cat.test, ({ body }) => testCategoryPatterns(db, body));
  route(app, deps, cat.get, ({ params }) => service.getPattern(db, CATEGORY_LIST, params.id));
  route(app, deps, cat.update, ({ params, body }) => service.updatePattern(db, CATEGORY_LIST, params.id, body));
  route(app, deps, cat.toggle, ({ params, body }) => service.togglePattern(db, CATEGORY_LIST, params.id, body.enabled));
  route(app, deps, cat.remove, ({ params }) => service.deletePattern(db, CATEGORY_LIST, params.id));
}

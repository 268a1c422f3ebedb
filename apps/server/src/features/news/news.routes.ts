import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';

const e = endpoints.account;

interface NewsRow {
  id: number;
  content: string;
  created_at: Date;
}
const toNews = (row: NewsRow) => ({
  id: row.id,
  content: row.content,
  created_at: new Date(row.created_at).toISOString(),
});

export function registerNewsRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  route(app, deps, e.news, async () =>
    (await db.query<NewsRow>('SELECT id, content, created_at FROM news WHERE published ORDER BY id DESC LIMIT 50')).map(
      toNews,
    ),
  );
  route(app, deps, e.publishNews, async ({ auth, body }) =>
    toNews(
      await db.one<NewsRow>(
        'INSERT INTO news (content, created_by) VALUES ($1, $2) RETURNING id, content, created_at',
        [body.content, auth.uid],
      ),
    ),
  );
  route(app, deps, e.deleteNews, async ({ params }) => {
    const rows = await db.query('DELETE FROM news WHERE id = $1 RETURNING id', [params.id]);
    if (rows.length === 0) throw notFound('News item not found');
    return { message: 'News item deleted' };
  });
  // Spec 4: tips are shuffled randomly; shuffling here means every client gets its own order.
  route(app, deps, e.tips, async () =>
    (await db.query<{ content: string }>('SELECT content FROM tips ORDER BY random()')).map((t) => ({
      content: t.content,
    })),
  );
}

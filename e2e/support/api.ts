import type { MailwrightServer } from './server.ts';

export interface ApiAnswer {
  status: number;
  // The journeys read a few known fields of the API's JSON; each call site knows the shape it asked for.
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several endpoints, read field by field in the tests.
  body: any;
}

/** One call to the console API, as a second client beside the browser (e.g. to set up a user). */
export async function callApi(
  server: MailwrightServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export async function apiToken(server: MailwrightServer, username: string, password: string): Promise<string> {
  const answer = await callApi(server, 'POST', '/login', { body: { username, password } });
  if (answer.status !== 200)
    throw new Error(`Sign-in of ${username} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token as string;
}

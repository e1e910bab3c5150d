import { randomBytes } from 'node:crypto';

/**
 * What a new user does first, through a gateway's HTTP API as a browser would (its Origin, its
 * session cookie): sign up, save a prompt, and read it back from the list. Also the page itself.
 */
export async function libraryRoundTrip(baseUrl: string, origin: string): Promise<string> {
  const page = await fetch(`${baseUrl}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<title>Prompt Library</title>')) {
    throw new Error(`GET / answered ${page.status} without the app page`);
  }
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Origin: origin,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0]);
    if (set.length > 0) cookie = set.join('; ');
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };

  const username = `container_${randomBytes(4).toString('hex')}`;
  const registered = await call('POST', '/api/register', {
    username,
    password: 'Sturdy-Container-Pass-2026!',
  });
  if (registered.status !== 201)
    throw new Error(`sign-up answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const title = `Saved in a container ${randomBytes(3).toString('hex')}`;
  const created = await call('POST', '/api/prompts', {
    title,
    content: 'Summarise {{text}} in three bullet points.',
    categoryId: null,
  });
  if (created.status !== 201)
    throw new Error(`creating a prompt answered ${created.status}: ${JSON.stringify(created.body)}`);
  const listed = await call('GET', '/api/prompts');
  const prompts = (Array.isArray(listed.body) ? listed.body : []) as { id: number; title: string }[];
  if (
    listed.status !== 200 ||
    !prompts.some((prompt) => prompt.id === created.body.id && prompt.title === title)
  ) {
    throw new Error(
      `the new prompt is not in the list (${listed.status}): ${JSON.stringify(listed.body).slice(0, 300)}`,
    );
  }
  return `signed up ${username}, saved prompt ${String(created.body.id)} and read it back`;
}

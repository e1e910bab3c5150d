import type { SharedPrompt } from '@promptlib/proto';

// What a link preview shows of the content: enough to know what the prompt is.
const DESCRIPTION_CHARS = 200;

/** Text made safe inside an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function summary(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_CHARS ? flat : `${flat.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…`;
}

/**
 * The SPA's page for a shared prompt, with the prompt's title in <title> and the Open Graph and
 * Twitter card tags that link previews read. Every value is escaped: a title is user text.
 */
export function withPreviewTags(indexHtml: string, prompt: SharedPrompt, url: string): string {
  const title = escapeHtml(prompt.title);
  const description = escapeHtml(summary(prompt.content));
  const tags = [
    `<meta property="og:type" content="article" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="Prompt Library" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
  // Replaced by functions: a replacement string would read "$&" in a title as a pattern.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title} · Prompt Library</title>\n    ${tags}`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${description}" />`,
    );
}

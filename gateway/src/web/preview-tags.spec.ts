import { describe, expect, it } from 'vitest';
import { escapeHtml, withPreviewTags } from './preview-tags';

const INDEX = `<html><head>
    <meta name="description" content="Keep, find, copy and share the prompts you reuse." />
    <title>Prompt Library</title>
  </head><body><div id="root"></div></body></html>`;

describe('share page preview tags', () => {
  it('puts the title and a summary of the content in <title>, Open Graph and Twitter tags', () => {
    const html = withPreviewTags(
      INDEX,
      { title: 'Code review', content: 'Review   this\ncode.' },
      'https://prompts.example/shared/abc',
    );
    expect(html).toContain('<title>Code review · Prompt Library</title>');
    expect(html).toContain('<meta property="og:title" content="Code review" />');
    expect(html).toContain('<meta property="og:description" content="Review this code." />');
    expect(html).toContain('<meta property="og:url" content="https://prompts.example/shared/abc" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain('<meta name="description" content="Review this code." />');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('escapes markup and quotes, so a title cannot add an element or leave its attribute', () => {
    const html = withPreviewTags(
      INDEX,
      { title: '<script>alert("x")</script>', content: `"' onload='x` },
      'https://prompts.example/shared/abc',
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; · Prompt Library</title>',
    );
    expect(html).toContain('content="&quot;&#39; onload=&#39;x"');
    expect(withPreviewTags(INDEX, { title: "$& $' $`", content: '' }, 'u')).toContain(
      '<title>$&amp; $&#39; $` · Prompt Library</title>',
    );
  });

  it('shortens a long content to 200 characters', () => {
    const html = withPreviewTags(INDEX, { title: 't', content: 'a'.repeat(500) }, 'u');
    const description = /og:description" content="([^"]*)"/.exec(html)![1];
    expect(description).toHaveLength(200);
    expect(description.endsWith('…')).toBe(true);
    expect(escapeHtml('&')).toBe('&amp;');
  });
});

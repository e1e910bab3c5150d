import type { ImportItem } from '../library';
import { GENERAL_CATEGORY_NAME } from '../limits';
import { isGeneralName, tagsOf, type LibraryFile } from './format';
import { countOf, ImportFileError, momentOf, planOf, type ImportPlan } from './plan';

/** A file of a Markdown export: its path in the zip and its text. */
export type MarkdownFile = { path: string; text: string };

/** One Markdown file per prompt, in a folder per category, names unique and safe on every system. */
export function markdownFiles(file: LibraryFile): MarkdownFile[] {
  const used = new Set<string>();
  return file.prompts.map((prompt) => {
    const folder = safeName(prompt.category) || GENERAL_CATEGORY_NAME;
    const base = `${folder}/${safeName(prompt.title) || 'prompt'}`;
    let path = `${base}.md`;
    for (let n = 2; used.has(path.toLowerCase()); n += 1) path = `${base} (${n}).md`;
    used.add(path.toLowerCase());
    // JSON strings are YAML's double-quoted scalars: every title reads back exactly.
    const frontMatter = [
      '---',
      `title: ${JSON.stringify(prompt.title)}`,
      `category: ${JSON.stringify(prompt.category)}`,
      `favorite: ${prompt.isFavorite}`,
      `usage_count: ${prompt.usageCount}`,
      `created_at: ${JSON.stringify(prompt.createdAt)}`,
      `updated_at: ${JSON.stringify(prompt.updatedAt)}`,
      // A JSON list is a YAML flow sequence of double-quoted scalars.
      ...(prompt.tags.length > 0 ? [`tags: ${JSON.stringify(prompt.tags)}`] : []),
      '---',
    ].join('\n');
    return { path, text: `${frontMatter}\n\n${prompt.content}\n` };
  });
}

function safeName(name: string): string {
  const printable = [...name]
    .map((char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' ? ' ' : char))
    .join('');
  return printable
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
}

const MARKDOWN_NAME = /\.(md|markdown)$/i;

/** Whether a path in a zip is a Markdown file of its own, not a folder or a Mac's resource fork copy. */
export function isMarkdownPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return MARKDOWN_NAME.test(name) && !name.startsWith('._') && !path.startsWith('__MACOSX/');
}

/**
 * Reads Markdown files: ours (front matter as markdownFiles writes it, the content after it exactly
 * as written) or any other, whose title is its file name and whose content is its whole text.
 * Prompts are imported in the files' order, which is the export's.
 */
export function markdownPlan(files: MarkdownFile[]): ImportPlan {
  const markdown = files.filter((file) => isMarkdownPath(file.path));
  if (markdown.length === 0) throw new ImportFileError('noMarkdown');
  const categories: string[] = [];
  let ours = 0;
  const items = markdown.map(({ path, text }): ImportItem => {
    const read = readMarkdown(text);
    const fields = read?.fields ?? {};
    if (read) ours += 1;
    const title = typeof fields.title === 'string' ? fields.title : titleOfPath(path);
    const category = typeof fields.category === 'string' ? fields.category.trim() : '';
    const named = category !== '' && !isGeneralName(category);
    if (named && !categories.includes(category)) categories.push(category);
    const createdAt = momentOf(fields.created_at);
    const updatedAt = momentOf(fields.updated_at);
    const tags = tagsOf(fields.tags);
    return {
      title,
      content: read ? read.content : text.replace(/^\uFEFF/, ''),
      category: named ? category : null,
      isFavorite: fields.favorite === true,
      usageCount: countOf(fields.usage_count),
      ...(createdAt === undefined ? {} : { createdAt }),
      ...(updatedAt === undefined ? {} : { updatedAt }),
      ...(tags.length === 0 ? {} : { tags }),
    };
  });
  return planOf(ours > 0 ? 'library-markdown' : 'markdown', categories, items);
}

function titleOfPath(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(MARKDOWN_NAME, '');
}

// Front matter between two lines of three dashes, at the very start.
const FRONT_MATTER = /^---(\r?\n)([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/**
 * Our front matter and the content after it, or null for a file without front matter that names a
 * title. The writer puts one empty line between them and a line break after the content; both are
 * taken off again, in the line breaks the front matter uses (an editor may have made them CRLF).
 */
function readMarkdown(text: string): { fields: Record<string, unknown>; content: string } | null {
  const body = text.replace(/^\uFEFF/, '');
  const match = FRONT_MATTER.exec(body);
  if (!match) return null;
  const newline = match[1]!;
  const fields: Record<string, unknown> = {};
  for (const line of match[2]!.split(/\r?\n/)) {
    const field = /^([A-Za-z_][A-Za-z0-9_]*):[ \t]*([^\r\n]*)$/.exec(line);
    if (field) fields[field[1]!] = scalarOf(field[2]!.trim());
  }
  if (typeof fields.title !== 'string') return null;
  let content = body.slice(match[0].length);
  if (content.startsWith(newline)) content = content.slice(newline.length);
  if (content.endsWith(newline)) content = content.slice(0, -newline.length);
  return { fields, content };
}

/** A YAML scalar as our writer writes them (JSON: quoted strings, true, false, numbers), or YAML's own quoting and plain text. */
function scalarOf(value: string): unknown {
  if (value.startsWith("'") && value.endsWith("'") && value.length >= 2)
    return value.slice(1, -1).replace(/''/g, "'");
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

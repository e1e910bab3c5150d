import { TEST_CHROMIUM_ARGS, chromiumExecutable } from '@promptlib/tools/testing';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

const BUILT_EXTENSION = join(__dirname, '..', '..', 'extension', 'dist', 'unpacked');

/** Test pages as strict as a big chat app's: no inline script or style, nothing from elsewhere. */
export const STRICT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'";

export type TestPages = { url: string; close: () => Promise<void> };

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** A script the browser tests' pages load, bundled by `npm run build` (e2e/pages/build.mjs). */
export function testPageScript(name: string): string {
  return readFileSync(join(__dirname, '..', 'dist', 'pages', name), 'utf8');
}

/** Serves files (path → text, typed by the path's extension) on 127.0.0.1 under the strict policy. */
export async function serveTestPages(files: Record<string, string>): Promise<TestPages> {
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    const body = files[path];
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    const type = CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    response.writeHead(200, { 'Content-Type': type, 'Content-Security-Policy': STRICT_CSP }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type LoadedExtension = {
  context: BrowserContext;
  worker: Worker;
  id: string;
  close: () => Promise<void>;
};

/**
 * Chromium with the built extension loaded. Its copy may also reach the test pages' host: the
 * shortcut grants the tab through `activeTab`, which no test can press (a browser's shortcuts are
 * not the page's keys), so the tests open the palette as the shortcut's handler does, on a tab the
 * extension may script by this grant instead. `language` is the browser's (en-US, de-DE).
 */
export async function launchWithExtension({
  language = 'en-US',
}: { language?: string } = {}): Promise<LoadedExtension> {
  const copy = mkdtempSync(join(tmpdir(), 'promptlib-extension-'));
  cpSync(BUILT_EXTENSION, copy, { recursive: true });
  const manifestFile = join(copy, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, host_permissions: ['http://127.0.0.1/*'] }));
  const context = await chromium.launchPersistentContext('', {
    // The whole browser: the headless shell loads no extensions.
    executablePath: chromiumExecutable(),
    headless: true,
    // The browser's own language, which the extension's messages follow (not a page's locale).
    args: [
      ...TEST_CHROMIUM_ARGS,
      `--lang=${language}`,
      `--disable-extensions-except=${copy}`,
      `--load-extension=${copy}`,
    ],
    env: { ...process.env, LANGUAGE: language.replace('-', '_') },
    locale: language,
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return {
    context,
    worker,
    id: new URL(worker.url()).host,
    close: async () => {
      await context.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

/** Opens the palette in the tab showing `url`, as the shortcut (or the context menu, with a selection) does. */
export async function openPalette(worker: Worker, url: string, selection?: string): Promise<void> {
  await worker.evaluate(
    async ({ url, selection }) => {
      // The extension's service worker: its `chrome` and the shortcut's handler.
      const worker = globalThis as unknown as {
        chrome: { tabs: { query: (query: { url: string }) => Promise<unknown[]> } };
        openPaletteIn: (tab: unknown, command: unknown) => Promise<void>;
      };
      const [tab] = await worker.chrome.tabs.query({ url });
      await worker.openPaletteIn(
        tab,
        selection === undefined ? { type: 'open' } : { type: 'save', selection },
      );
    },
    { url, selection },
  );
}

type DomNode = {
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
};

/**
 * The palette's text as the user reads it, or null when it is closed. Its shadow root is closed, so
 * no page script (and no ordinary test locator) can read it; the DevTools protocol can.
 */
export async function paletteText(page: Page): Promise<string | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const host = find(root, (node) => (node.attributes ?? []).includes('data-prompt-library'));
    if (!host) return null;
    return text(host).replace(/\s+/g, ' ').trim();
  } finally {
    await cdp.detach();
  }
}

function find(node: DomNode, test: (node: DomNode) => boolean): DomNode | undefined {
  if (test(node)) return node;
  for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

function text(node: DomNode): string {
  if (node.nodeName === '#text') return `${node.nodeValue ?? ''} `;
  if (node.nodeName === 'STYLE') return '';
  return [...(node.shadowRoots ?? []), ...(node.children ?? [])].map(text).join('');
}

import fs from 'node:fs/promises';

/** What a shared page shows in a link preview (Open Graph and Twitter card tags). */
export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the image. */
  image: string;
  /** The image's side in pixels, when it is a square cover of a known size. */
  imageSize?: number;
  type: 'music.song' | 'music.playlist';
  /** Absolute URL of the audio, for a song. */
  audio?: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** docs/PRODUCT.md#validation: captions are cut at 140 characters with "...". */
export function truncateCaption(text: string, limit = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit)}...` : flat;
}

/**
 * Puts a preview into the built index.html: the page title, the description and the Open Graph tags.
 * Only meta tags are added; the page stays the same script-only-from-our-origin app.
 */
export function withLinkPreview(indexHtml: string, preview: LinkPreview): string {
  const title = escapeHtml(preview.title);
  const description = escapeHtml(preview.description);
  const tags = [
    ['property', 'og:site_name', 'Bops'],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['property', 'og:image', preview.image],
    ...(preview.imageSize
      ? [
          ['property', 'og:image:width', String(preview.imageSize)],
          ['property', 'og:image:height', String(preview.imageSize)],
        ]
      : []),
    ...(preview.audio ? [['property', 'og:audio', preview.audio]] : []),
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', preview.image],
  ]
    .map(
      ([attribute, name, content]) =>
        `<meta ${attribute}="${name}" content="${escapeHtml(content ?? '')}" />`,
    )
    .join('\n    ');
  // Replacer functions, never replacement strings: a title holding `$&`, `` $` `` or `$'` would otherwise
  // pull parts of the page into it.
  let html = indexHtml.replace(/<title>[^<]*<\/title>/i, () => `<title>${title}</title>`);
  html = html.replace(/<meta\s+name="description"[^>]*>/i, () => '');
  return html.replace(
    /<\/head>/i,
    () =>
      `  <meta name="description" content="${description}" />\n    ${tags}\n    <link rel="canonical" href="${escapeHtml(preview.url)}" />\n  </head>`,
  );
}

/** Reads index.html once per change of the file (a new build replaces it). */
export class IndexHtmlReader {
  readonly #file: string;
  #cached: { mtimeMs: number; html: string } | null = null;

  constructor(file: string) {
    this.#file = file;
  }

  /** Null when the web app is not built. */
  async read(): Promise<string | null> {
    const stat = await fs.stat(this.#file).catch(() => null);
    if (!stat) return null;
    if (this.#cached?.mtimeMs !== stat.mtimeMs) {
      this.#cached = { mtimeMs: stat.mtimeMs, html: await fs.readFile(this.#file, 'utf8') };
    }
    return this.#cached.html;
  }
}

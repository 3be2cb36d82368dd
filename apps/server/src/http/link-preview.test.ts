import { describe, expect, it } from 'vitest';
import { withLinkPreview } from './link-preview.ts';

const PAGE =
  '<!doctype html>\n<html>\n  <head>\n    <title>Bops</title>\n    <meta name="description" content="Make songs" />\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

describe('withLinkPreview', () => {
  it.each(['A$`B', "A$'B", 'A$&B', '$$', '$1 and $<name>'])(
    'puts the title %j in as written, without pulling the page into it',
    (title) => {
      const html = withLinkPreview(PAGE, {
        title,
        description: `about ${title}`,
        url: 'https://bops.example/listen/1',
        image: 'https://bops.example/cover.jpg',
        type: 'music.song',
      });
      const shown = title
        .replaceAll('&', '&amp;')
        .replaceAll("'", '&#39;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;');
      expect(html).toContain(`<title>${shown}</title>`);
      expect(html).toContain(`<meta property="og:title" content="${shown}" />`);
      expect(html).toContain(`<meta name="description" content="about ${shown}" />`);
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<body>/g)).toHaveLength(1);
      expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    },
  );
});

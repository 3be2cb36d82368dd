import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DOCS_ASSETS } from '../openapi/api-operations.ts';
import { docsAssetParams } from '../openapi/api-operations.ts';
import { buildOpenApiDocument } from '../openapi/openapi-document.ts';

type DocsAsset = (typeof DOCS_ASSETS)[number];

const viewerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// The page may run no inline script (the site's Content-Security-Policy), so the viewer starts from a file.
const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true });\n`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Bops API reference</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/docs-start.js"></script>
  </body>
</html>
`;

const assetTypes: Record<DocsAsset, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'docs-start.js': 'text/javascript; charset=utf-8',
};

/** The API's OpenAPI 3.1 description and a reference page that reads it (`/api/docs`). */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  // Built on first request: it only changes with the code.
  let document: string | null = null;
  const assets = new Map<DocsAsset, Buffer>();
  const assetOf = async (asset: DocsAsset): Promise<Buffer> => {
    let body = assets.get(asset);
    if (!body) {
      body =
        asset === 'docs-start.js' ? Buffer.from(START_SCRIPT) : await readFile(path.join(viewerDir, asset));
      assets.set(asset, body);
    }
    return body;
  };

  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });

  app.get('/api/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );

  app.get('/api/docs/:asset', async (request, reply) => {
    const params = docsAssetParams.safeParse(request.params);
    if (!params.success) return reply.callNotFound();
    return reply
      .type(assetTypes[params.data.asset])
      .header('cache-control', 'public, max-age=3600')
      .send(await assetOf(params.data.asset));
  });
}

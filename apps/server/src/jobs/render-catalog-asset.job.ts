import type { JobDeps } from './job-types.ts';
import type { JobHandler } from './job-queue.ts';

/** Renders one catalogue asset (a beat preview with its cover, or an artist's voice demo) once. */
export const renderCatalogAssetJob: JobHandler<'render-catalog-asset', JobDeps> = (payload, run, deps) =>
  deps.services.catalog.renderAsset(payload.kind, payload.id, run.signal);

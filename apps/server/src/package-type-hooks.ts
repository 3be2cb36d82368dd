import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Faster loading of dependencies, for start-up time. For every `.js` file it loads, Node looks up the nearest
 * package.json to learn the file's module type, and re-reads that package's whole "exports" map each time; for
 * a package with a large map (the database layer's is 180 kB, read once per each of its hundreds of files) that
 * lookup costs more than the code. Here a relative `.js` import between a package's own files is resolved
 * directly, with the type read from its package.json once per directory. Anything else, or a package.json that
 * does not name its type, goes through Node's own resolution unchanged.
 */
export function registerPackageTypeHooks(): void {
  const typeByDirectory = new Map<string, 'module' | 'commonjs' | null>();

  /** The "type" of the package.json that governs files in `directory` (Node's rule: the nearest one up). */
  const packageTypeOf = (directory: string): 'module' | 'commonjs' | null => {
    const known = typeByDirectory.get(directory);
    if (known !== undefined) return known;
    let type: 'module' | 'commonjs' | null = null;
    const manifest = path.join(directory, 'package.json');
    // Node stops at a node_modules directory, as here: a package's scope never reaches past it.
    if (path.basename(directory) === 'node_modules') type = null;
    else if (fs.existsSync(manifest)) {
      const declared = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { type?: unknown }).type;
      type = declared === 'module' || declared === 'commonjs' ? declared : null;
    } else if (path.dirname(directory) !== directory) type = packageTypeOf(path.dirname(directory));
    typeByDirectory.set(directory, type);
    return type;
  };

  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const parentUrl = context.parentURL;
      if (
        parentUrl?.startsWith('file:') &&
        parentUrl.includes('/node_modules/') &&
        (specifier.startsWith('./') || specifier.startsWith('../')) &&
        specifier.endsWith('.js')
      ) {
        const url = new URL(specifier, parentUrl);
        const file = fileURLToPath(url);
        const type = url.pathname.includes('/node_modules/') ? packageTypeOf(path.dirname(file)) : null;
        if (type && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
          return { url: url.href, format: type, shortCircuit: true };
        }
      }
      return nextResolve(specifier, context);
    },
  });
}

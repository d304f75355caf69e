// Module hooks (node:module register) that give the built main bundle stand-ins for `electron` and
// `keytar`, and nothing else: only imports made by files under the given folder (out/) are redirected,
// so the rest of the process keeps the real packages. Each run of the bundle is imported with its own
// `?run=N` query, and its stand-in modules get the same query, so every run sees a fresh stand-in.

const SCHEME = 'merchant-desk-stand-in:';
let scope = '';
let exportsOf = {};

/** data: { scope: file URL of the folder whose imports are redirected, exportsOf: names per module }. */
export function initialize(data) {
  scope = data.scope;
  exportsOf = data.exportsOf;
}

export async function resolve(specifier, context, next) {
  const parent = context.parentURL ?? '';
  if (!parent.startsWith(scope)) return next(specifier, context);
  const run = new URL(parent).searchParams.get('run') ?? '0';
  if (Object.hasOwn(exportsOf, specifier))
    return { url: `${SCHEME}${specifier}?run=${run}`, shortCircuit: true };
  const resolved = await next(specifier, context);
  // A chunk of the bundle imports the entry back: within one run that must be the same instance.
  if (resolved.url.startsWith(scope) && !resolved.url.includes('?'))
    return { ...resolved, url: `${resolved.url}?run=${run}` };
  return resolved;
}

export async function load(url, context, next) {
  if (!url.startsWith(SCHEME)) return next(url, context);
  const name = url.slice(SCHEME.length).split('?')[0];
  const source = [
    `const standIn = globalThis[Symbol.for('merchant-desk.stand-in')][${JSON.stringify(name)}];`,
    'export default standIn;',
    ...exportsOf[name].map((key) => `export const ${key} = standIn[${JSON.stringify(key)}];`),
  ].join('\n');
  return { format: 'module', source, shortCircuit: true };
}

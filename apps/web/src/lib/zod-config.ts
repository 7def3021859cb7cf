// zod compiles object parsers with `new Function` when it may, and probes for that first; the
// site's CSP forbids eval, so the probe is reported as a violation on every page. Parse without it.
//
// zod (≥ 4.1) keeps its global config on `globalThis.__zod_globalConfig` and reads `jitless` when
// an object schema is created, so setting it here, before any schema module runs, is enough. The
// object is changed, not replaced: zod holds the one it found when it loaded (the unit tests load
// zod before this module).
// Importing `config` from 'zod/v4/core' instead put ~3.3 KB gzip of zod into the entry chunk,
// which every page (the login page included) downloads though it parses nothing with zod.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};

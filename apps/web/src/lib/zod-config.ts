import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` when it may, and probes for that first; the
// site's CSP forbids eval, so the probe is reported as a violation on every page. Parse without it.
config({ jitless: true });

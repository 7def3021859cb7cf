/** Set by build/locale-assets.ts: where the built app's translation files are, and their namespaces. */
declare const __LOCALE_BASE__: string;
declare const __LOCALE_NAMESPACES__: string[];

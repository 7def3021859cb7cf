/** Types of ./first-paint-font.mjs (a plain script: build/public-page.mjs runs it with node). */
import type { Plugin } from 'vite';
export declare const FIRST_PAINT_FONT: string;
export declare function firstPaintFont(): Plugin;

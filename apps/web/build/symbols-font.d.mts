/** Types of ./symbols-font.mjs (a plain script: run with node). */
export declare const SOURCE_FONT: string;
export declare const SYMBOLS_FONT: string;
export declare const SYMBOL_RANGES: [number, number][];
export declare function unicodeRange(): string;
export declare function symbolsFont(): Promise<Buffer>;

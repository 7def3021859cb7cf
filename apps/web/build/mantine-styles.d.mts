/** Types of ./mantine-styles.mjs (a plain script: the build runs it with node). */
export declare const SOURCE_DIR: string;
export declare const STYLES_FILE: string;
export declare function stylesheetsOf(pkg: string, name: string): Set<string>;
export declare function importedComponents(srcDir?: string): Map<string, string[]>;
export declare function requiredStylesheets(srcDir?: string): { sheets: string[]; neededBy: Map<string, string[]> };
export declare function importedStylesheets(cssText: string): string[];
export declare function strayStyleImports(srcDir?: string): string[];
export declare function renderStylesFile(sheets: string[]): string;

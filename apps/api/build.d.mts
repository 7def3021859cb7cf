/** The bundle `npm start` runs (build.mjs), written to `outdir`. */
export declare function buildApi(outdir: string): Promise<void>;

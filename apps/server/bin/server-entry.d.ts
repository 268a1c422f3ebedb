export const BUILT_ENTRY: string;
export const SOURCE_ENTRY: string;
/** The newest modification time of any file under `dir` (installed packages and builds left out). */
export function newestMtime(dir: string): number;
/** True when dist/main.mjs exists and no source file changed after it was built. */
export function buildIsFresh(): boolean;
/** dist/main.mjs when the build is fresh, else src/main.ts. */
export function serverEntry(): string;

/** The engine's version, reported by `/health` and `trawl --version`. */
export const ENGINE_VERSION = '0.1.0';

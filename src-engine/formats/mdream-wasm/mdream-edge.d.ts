/* tslint:disable */

export class MarkdownStream {
    free(): void;
    [Symbol.dispose](): void;
    finish(): string;
    constructor(options: any);
    processChunk(chunk: string): string;
}

/**
 * Consumes the message of the panic that aborted the last export call.
 */
export function __mdreamTakePanicMessage(): string | undefined;

export function htmlToMarkdown(html: string, options: any): string;

export function htmlToMarkdownResult(html: string, options: any): any;

export function install_panic_hook(): void;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __mdreamTakePanicMessage: (a: number) => void;
    readonly __wbg_markdownstream_free: (a: number, b: number) => void;
    readonly htmlToMarkdown: (a: number, b: number, c: number, d: number) => void;
    readonly htmlToMarkdownResult: (a: number, b: number, c: number) => number;
    readonly install_panic_hook: () => void;
    readonly markdownstream_finish: (a: number, b: number) => void;
    readonly markdownstream_new: (a: number) => number;
    readonly markdownstream_processChunk: (a: number, b: number, c: number, d: number) => void;
    readonly __wbindgen_export: (a: number, b: number) => number;
    readonly __wbindgen_export2: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_export3: (a: number) => void;
    readonly __wbindgen_add_to_stack_pointer: (a: number) => number;
    readonly __wbindgen_export4: (a: number, b: number, c: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;

// Lint: TypeScript parsing everywhere, plus the import boundaries of the design (DESIGN.md §2 rule 1):
// the engine never imports Electron, the desktop shell or the UI; the UI imports only the engine's contracts.
import tseslint from 'typescript-eslint';

const engineBoundary = {
  patterns: [
    { group: ['electron', 'electron/*'], message: 'src-engine must not import Electron: hand what it needs in through an interface.' },
    { group: ['**/src-main/**', '../src-main/*', '../../src-main/*'], message: 'src-engine must not import src-main.' },
    { group: ['**/src-renderer/**', '../src-renderer/*', '../../src-renderer/*'], message: 'src-engine must not import src-renderer.' },
  ],
};

const rendererBoundary = {
  patterns: [
    {
      regex: 'src-engine/(?!contracts(/|$))',
      message: 'src-renderer may import only src-engine/contracts (types and schemas), never engine internals.',
    },
    { group: ['electron', 'electron/*'], message: 'The renderer reaches the desktop only through the preload bridge.' },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'bench/.work/**', 'test-results/**', '**/*.svelte'] },
  {
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      'no-debugger': 'error',
      'no-dupe-keys': 'error',
      'no-unreachable': 'error',
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-misused-new': 'error',
    },
  },
  { files: ['src-engine/**/*.ts'], rules: { 'no-restricted-imports': ['error', engineBoundary] } },
  { files: ['src-renderer/**/*.ts'], rules: { 'no-restricted-imports': ['error', rendererBoundary] } },
);

import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // mcp/dist/: the docs MCP package's compiled output.
  { ignores: ['build/', 'build-*/', '.docusaurus*/', 'api-docs/', 'static/pagefind/', 'test-results/', 'mcp/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: 'detect' } },
    plugins: { react, 'react-hooks': reactHooks },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'react/prop-types': 'off',
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['tests/e2e/**'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      // A worker's tests share one context (playwright.config.ts), whose reset keeps permissions.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='grantPermissions']",
          message: 'Ask for permissions with test.use({ permissions }): the shared context keeps a grant.',
        },
      ],
    },
  },
);

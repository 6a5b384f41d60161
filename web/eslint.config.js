// ESLint (flat config), run by `npm run lint --workspace web` and `make test-web`.
// Besides the recommended JavaScript and TypeScript rules and React's hooks rules, one rule
// keeps the layout of docs/web.md: a feature imports only `lib`, `components`, `config`
// and its own folder (what several features share lives in `lib` or `components`; `app`
// composes the features).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist/**', 'e2e/**', 'scripts/**'] },
  {
    files: ['src/**/*.{ts,tsx}', '*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    // a test may build the app's query client around the screen it renders
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${name}`, '@/app', '@/app/*', '../*'],
              message: `A feature imports only @/lib, @/components, @/config and its own folder (@/features/${name}); move what is shared to lib or components.`,
            },
          ],
        },
      ],
    },
  })),
);

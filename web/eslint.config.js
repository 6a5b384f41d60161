// ESLint (flat config), run by `npm run lint --workspace web` and `make test-web`.
// Besides the recommended JavaScript and TypeScript rules and React's hooks rules, one rule
// keeps the layout of docs/web.md: a feature imports only `lib`, `components`, `config`
// and its own folder (what several features share lives in `lib` or `components`; `app`
// composes the features). And Ant Design's icons, tables and date pickers come through
// `components/` (icons.tsx, table.tsx, date-picker.tsx), which keep the icons' English names
// ("plus", "left", "close-circle") out of the names of the buttons they stand in (issue 29).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const named = [
  {
    name: '@ant-design/icons',
    message: "Import icons from @/components/icons: it hides each icon's English name from screen readers (issue 29).",
  },
  {
    name: 'antd',
    importNames: ['Table', 'DatePicker', 'TimePicker'],
    message: 'Import Table from @/components/table, DatePicker and TimePicker from @/components/date-picker: they name the pager and clear buttons in the interface language (issue 29).',
  },
];

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
      'no-restricted-imports': ['error', { paths: named }],
    },
  },
  { files: ['src/components/{icons,table,date-picker}.tsx'], rules: { 'no-restricted-imports': 'off' } },
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    // a test may build the app's query client around the screen it renders
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: named,
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

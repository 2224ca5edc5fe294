import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The one clock (app/lib/clock.ts): tests move time through it, so nothing else reads the machine's.
const ONE_CLOCK = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Use now() from '~/lib/clock' (the one clock), not new Date()." },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "Use now() from '~/lib/clock' (the one clock), or performance.now() for a duration, not Date.now()." },
];
// Money is integer cents and is written only by app/lib/money.ts (toCents, centsToDecimal, formatBRL, formatPrice).
const ONE_MONEY_FORMAT = [
  { selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]", message: "Money goes through app/lib/money.ts (centsToDecimal, formatBRL), not toFixed(2)." },
  { selector: "Property[key.name='style'][value.value='currency']", message: 'Money goes through app/lib/money.ts (formatBRL, formatPrice), not a currency Intl/toLocaleString format.' },
];

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['info', 'warn', 'error', 'log'] }],
      'no-restricted-syntax': ['error', ...ONE_CLOCK, ...ONE_MONEY_FORMAT],
    },
  },
  // Each module may do what it is the home of.
  { files: ['app/lib/clock.ts'], rules: { 'no-restricted-syntax': ['error', ...ONE_MONEY_FORMAT] } },
  { files: ['app/lib/money.ts'], rules: { 'no-restricted-syntax': ['error', ...ONE_CLOCK] } },
  // Exempt: tests (they set and read the clock, and compare with real time and Intl's own currency format),
  // the benches and the build/maintenance scripts (timings and reports, no store decision).
  { files: ['tests/**', '**/*.test.{ts,tsx}', 'bench/**', 'scripts/**'], rules: { 'no-restricted-syntax': 'off' } },
);

// Types of the local ESLint rule, for the test that runs it.
import type { ESLint, Rule } from 'eslint'

/** The rule `local/no-import-cycles`. */
export declare const noImportCycles: Rule.RuleModule

/** The local plugin the root ESLint config registers as `local`. */
declare const plugin: ESLint.Plugin
export default plugin

/** How a registered full name becomes a card's given and family names: one rule for the API and the app's editor. */
export { splitFullName, type NameSplit } from '@enlaza/contracts';

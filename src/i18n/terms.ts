/** The tenant's terms per language live in contract/ so the server's sentences name them the same way. */
export { pluralOf, type Terms, termValues } from '../../contract/terms';

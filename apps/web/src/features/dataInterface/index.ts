/** What other features use of data interfaces: the parameters of one, for the designers' parameter templates. */
export { useInterfaceParameters } from './interface-parameters.ts';

/** What other features use of passwords: the policy the server enforces and its rule messages in the reader's language. */
export { usePasswordPolicy } from './ResetPasswordDialog.tsx';
export { translateRuleMessage } from './rule-messages.ts';

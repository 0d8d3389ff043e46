/**
 * What other features use of send configurations: their list and templates (a flow node's notices
 * choose one), and the message channels and sources as the message lists show them.
 */
export { sendConfigApi } from './api.ts';
export { useMessageKinds } from './message-kinds.tsx';

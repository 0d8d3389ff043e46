/** What other features use of workflow: launching a template's flow (a generated form bound to one). */
export { useFlowLaunch } from './launch.tsx';

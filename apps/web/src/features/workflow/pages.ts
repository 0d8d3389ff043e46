import type { PageModules } from '../../shared/shell/page-modules.ts';

/** The workflow menus by their addresses (JNPF 3.6's workFlow/* views). */
export default {
  'workFlow/flowEngine': () => import('./pages/FlowEnginePage.tsx'),
  'workFlow/flowQuickLaunch': () => import('./pages/FlowAddPage.tsx'),
  'workFlow/flowLaunch': () => import('./pages/FlowLaunchPage.tsx'),
  'workFlow/flowTodo': () => import('./pages/FlowTodoPage.tsx'),
  'workFlow/flowDone': () => import('./pages/FlowDonePage.tsx'),
  'workFlow/flowCirculate': () => import('./pages/FlowCirculatePage.tsx'),
  'workFlow/flowMonitor': () => import('./pages/FlowMonitorPage.tsx'),
} satisfies PageModules;

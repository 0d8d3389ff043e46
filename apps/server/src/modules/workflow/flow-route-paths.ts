import { Id } from '@platform/shared';
import { Type } from 'typebox';

/** Paths, tags, menus and parameters the workflow's route families share. */
export const tags = ['workflow'];
export const P = '/api/workflow/Engine/flowTemplate';
export const B = '/api/workflow/Engine/FlowBefore';
export const L = '/api/workflow/Engine/FlowLaunch';
export const M = '/api/workflow/Engine/FlowMonitor';
export const D = '/api/workflow/Engine/FlowDelegate';
export const C = '/api/workflow/Engine/FlowComment';
export const design = 'workFlow.flowEngine';
export const monitorMenu = 'workFlow.flowMonitor';
export const IdParams = Type.Object({ id: Id });
/** A task id, or '0' for a flow not launched yet. */
export const TaskParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' }),
});
export const CategoryParams = Type.Object({
  category: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Type.Literal('4')]),
});

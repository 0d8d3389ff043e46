import type { FlowNode } from '@platform/shared';
import { expect } from 'vitest';
import type { Client } from './test-app.ts';

const templates = '/api/workflow/Engine/flowTemplate';

/** A template of one flow drawn as `graph`, created and released by `admin`; answers the flow's id. */
export async function releasedFlow(admin: Client, enCode: string, graph: FlowNode): Promise<string> {
  const created = await admin.post<{ id: string }>(templates, {
    fullName: `流程${enCode}`,
    enCode,
    flowTemplateJson: JSON.stringify([{ id: '', fullName: `流程${enCode}`, flowTemplateJson: graph }]),
  });
  expect(created).toMatchObject({ code: 200 });
  const templateId = created.data?.id as string;
  expect(await admin.post(`${templates}/Release/${templateId}`)).toMatchObject({ code: 200 });
  return (await admin.get<{ id: string }[]>(`${templates}/FlowJsonList/${templateId}`)).data?.[0]?.id as string;
}

import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../shared/i18n/index.ts';
import { useToast } from '../../shared/toast.tsx';
import { templateApi } from './api.ts';
import { FlowChooser } from './components/FlowChooser.tsx';
import { DetailType, detailPath } from './run-time.ts';
import type { FlowJson } from './wire.ts';

/**
 * Launching a template's flow (发起流程, and a generated form bound to a flow): the template's
 * launchable flows are read; one opens its launch form, several the flow chooser, none says so.
 * Returns the launcher and the chooser to render.
 */
export function useFlowLaunch(): { launch: (templateId: string) => Promise<void>; chooser: ReactNode } {
  const navigate = useNavigate();
  const toast = useToast();
  const [choosing, setChoosing] = useState<FlowJson[] | null>(null);
  const open = (flowId: string) => navigate(detailPath({ type: DetailType.mine, processId: '', flowId }));
  const launch = async (templateId: string) => {
    let flows: FlowJson[];
    try {
      [flows] = await Promise.all([templateApi.flows(templateId, '1'), i18n.loadNamespaces('workflow')]);
    } catch {
      return;
    }
    if (flows.length === 1) open((flows[0] as FlowJson).id);
    else if (!flows.length) toast.error(i18n.t('chooser.none', { ns: 'workflow' }));
    else setChoosing(flows);
  };
  const chooser = choosing ? (
    <FlowChooser
      flows={choosing}
      onCancel={() => setChoosing(null)}
      onChoose={(flowId) => {
        setChoosing(null);
        open(flowId);
      }}
    />
  ) : null;
  return { launch, chooser };
}

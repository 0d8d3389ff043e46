import Empty from 'antd/es/empty';
import { useRouteMeta } from '../../../shared/shell/permission.tsx';
import { PortalRuntime } from '../components/PortalRuntime.tsx';

/** A menu of type 8 (`portal/<enCode>`): the portal its propertyJson's moduleId names. */
export default function PortalMenuPage() {
  const meta = useRouteMeta();
  const portalId = meta?.relationId ?? '';
  if (!portalId) return <Empty />;
  return (
    <div className="portal-home">
      <PortalRuntime key={portalId} portalId={portalId} />
    </div>
  );
}

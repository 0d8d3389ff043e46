import Empty from 'antd/es/empty';
import { useRouteMeta } from '../../../shared/shell/permission.tsx';
import { ReportView } from '../components/ReportView.tsx';

/** A menu of type 5: the report its moduleId (relationId) names, in the viewer. */
export default function ReportViewPage() {
  const reportId = useRouteMeta()?.relationId;
  if (!reportId) return <Empty />;
  return <ReportView reportId={reportId} />;
}

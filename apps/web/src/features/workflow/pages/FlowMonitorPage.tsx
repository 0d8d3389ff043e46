import { TaskListPage } from './TaskListPage.tsx';

export default function FlowMonitorPage() {
  return <TaskListPage kind="monitor" />;
}

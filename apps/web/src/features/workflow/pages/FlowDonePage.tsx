import { TaskListPage } from './TaskListPage.tsx';

export default function FlowDonePage() {
  return <TaskListPage kind="done" />;
}

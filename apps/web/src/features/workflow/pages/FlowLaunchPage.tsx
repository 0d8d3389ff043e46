import { TaskListPage } from './TaskListPage.tsx';

export default function FlowLaunchPage() {
  return <TaskListPage kind="mine" />;
}

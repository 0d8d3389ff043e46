import { TaskListPage } from './TaskListPage.tsx';

export default function FlowCirculatePage() {
  return <TaskListPage kind="circulate" />;
}

import { TaskListPage } from './TaskListPage.tsx';

export default function FlowTodoPage() {
  return <TaskListPage kind="todo" />;
}

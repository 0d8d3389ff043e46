/** What other features use of schedules: the detail dialog a schedule message opens. */
export { ScheduleDetailDialog } from './components/ScheduleDetailDialog.tsx';
